// The Repairs tab's view in the URL (/dashboard/repairs?q=…&status=…&after=…),
// shared by the server that reads it and the browser that builds links.
import { MAX_SEARCH_LENGTH, readSearchTerm } from "~/core/search-term";
import { isOneOf } from "~/core/one-of";
import { REPAIR_STATUS_LABELS, REPAIR_STATUSES } from "~/core/repair-statuses";
import { parseRowId } from "~/core/row-id";
import { LISTS, recordHref } from "~/core/staff-lists";

export const REPAIRS_PATH = LISTS.repairs.page;
export const REPAIR_PAGE_SIZE = 50;

/** What the tab filters by: a status, or "overdue": ready for 30 days and not picked up. */
export const REPAIR_FILTERS = [...REPAIR_STATUSES, "overdue"] as const;
export type RepairFilter = (typeof REPAIR_FILTERS)[number];
export const REPAIR_FILTER_LABELS: Record<RepairFilter, string> = { ...REPAIR_STATUS_LABELS, overdue: "Overdue (ready 30+ days)" };

export interface RepairView {
  q: string;
  status: RepairFilter | null;
  /** Keyset: the page starts after (older) or before (newer) this id. */
  cursor: { direction: "after" | "before"; id: number } | null;
}

/** What the work is, as staff lists, the ticket and the export show it: "Ring sizing: down one size". */
export function workLabel(repair: { work: string; workDetail: string }): string {
  return repair.workDetail ? `${repair.work}: ${repair.workDetail}` : repair.work;
}

export function parseRepairView(params: URLSearchParams): RepairView {
  const status = params.get("status");
  const after = parseRowId(params.get("after"));
  const before = parseRowId(params.get("before"));
  return {
    q: readSearchTerm(params).slice(0, MAX_SEARCH_LENGTH),
    status: isOneOf(REPAIR_FILTERS, status) ? status : null,
    cursor: after !== null ? { direction: "after", id: after } : before !== null ? { direction: "before", id: before } : null,
  };
}

export function repairSearch(view: RepairView): string {
  const params = new URLSearchParams();
  if (view.status) params.set("status", view.status);
  if (view.q) params.set("q", view.q);
  if (view.cursor) params.set(view.cursor.direction, String(view.cursor.id));
  return params.toString();
}

export function repairsHref(view: RepairView = { q: "", status: null, cursor: null }): string {
  const search = repairSearch(view);
  return search ? `${REPAIRS_PATH}?${search}` : REPAIRS_PATH;
}

export function repairHref(id: number): string {
  return recordHref("repairs", id);
}

export function repairTicketHref(id: number): string {
  return `${REPAIRS_PATH}/${id}/ticket`;
}

/** Where staff open one photo of a repair (a guarded resource route). */
export function repairPhotoHref(repairId: number, photoId: number): string {
  return `${repairHref(repairId)}/photos/${photoId}`;
}

/** The clerk's initials from their staff e-mail, for the claim ticket: "jane.doe@…" → "JD", "sam@…" → "S". */
export function clerkInitials(email: string): string {
  const local = email.split("@")[0] ?? "";
  return local
    .split(/[._\-+]+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

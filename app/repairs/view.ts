// The Repairs tab's view in the URL (/dashboard/repairs?q=…&status=…&after=…),
// shared by the server that reads it and the browser that builds links.
import { MAX_SEARCH_LENGTH } from "~/inbox/view";
import { isRepairStatus, type RepairStatus } from "~/core/repair-statuses";

export const REPAIRS_INBOX = "repairs";
export const REPAIRS_PATH = "/dashboard/repairs";
export const REPAIR_PAGE_SIZE = 50;

/** A status, or "overdue": ready for 30 days and not picked up. */
export type RepairFilter = RepairStatus | "overdue";

export interface RepairView {
  q: string;
  status: RepairFilter | null;
  /** Keyset: the page starts after (older) or before (newer) this id. */
  cursor: { direction: "after" | "before"; id: number } | null;
}

const CONTROL_CHARACTERS = /\p{Cc}+/gu;

/** A repair's id (or a page cursor) from the URL: digits only, a safe integer, else null. */
export function parseRepairId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,16}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** What the work is, as staff lists, the ticket and the export show it: "Ring sizing: down one size". */
export function workLabel(repair: { work: string; workDetail: string }): string {
  return repair.workDetail ? `${repair.work}: ${repair.workDetail}` : repair.work;
}

export function parseRepairView(params: URLSearchParams): RepairView {
  const status = params.get("status");
  const after = parseRepairId(params.get("after"));
  const before = parseRepairId(params.get("before"));
  return {
    q: (params.get("q") ?? "").replace(CONTROL_CHARACTERS, " ").trim().slice(0, MAX_SEARCH_LENGTH),
    status: status === "overdue" || isRepairStatus(status) ? status : null,
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
  return `${REPAIRS_PATH}/${id}`;
}

export function repairTicketHref(id: number): string {
  return `${REPAIRS_PATH}/${id}/ticket`;
}

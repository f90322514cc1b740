// What the staff inboxes are and how their view lives in the URL. Shared by
// the server (which parses the same URL) and the browser (which builds links).
import type { LeadStatus } from "~/core/lead-statuses";
import { kindOfList, LEADS, type LeadKind } from "~/core/lead-kinds";
import { isOneOf } from "~/core/one-of";
import { LISTS } from "~/core/staff-lists";
import { readSearchTerm } from "~/core/search-term";

export const PAGE_SIZE = 50;

/** No-show, cancelled and rescheduled (set when the visitor moves it) only make sense for a booked visit. */
export function statusesFor(kind: LeadKind): LeadStatus[] {
  return kind === "appointment"
    ? ["new", "rescheduled", "contacted", "done", "no_show", "cancelled", "spam"]
    : ["new", "contacted", "done", "spam"];
}

export function isStatusFor(kind: LeadKind, value: unknown): value is LeadStatus {
  return isOneOf(statusesFor(kind), value);
}

/**
 * Appointments by visit time (docs/decisions/107): today's visits, the ones to
 * come (soonest first) and the ones gone (newest first), each grouped by day;
 * or all of them, newest booking first. The tab opens on today when there are
 * visits today, otherwise on upcoming.
 */
export const APPOINTMENT_WHEN = ["today", "upcoming", "past", "all"] as const;
export type AppointmentWhen = (typeof APPOINTMENT_WHEN)[number];
export const WHEN_LABELS: Record<AppointmentWhen, string> = {
  today: "Today",
  upcoming: "Upcoming",
  past: "Past",
  all: "All bookings",
};

/** Today and upcoming leave these out unless a status filter asks for them: the visit will not happen. */
export const NOT_COMING: readonly LeadStatus[] = ["cancelled", "no_show", "spam"];

/** A keyset position: the sort value and id of the row a page starts after (or before). */
export interface PageCursor {
  direction: "after" | "before";
  key: number;
  id: number;
}

export interface InboxView {
  /** The inbox shown; the URL names it by its address (`?tab=contacts`, decision 125). */
  kind: LeadKind;
  /** The search as typed (trimmed); "" for none. */
  q: string;
  status: LeadStatus | null;
  when: AppointmentWhen;
  cursor: PageCursor | null;
}

function parseCursor(value: string | null, direction: PageCursor["direction"]): PageCursor | null {
  const match = value ? /^(-?\d{1,16})\.(\d{1,16})$/.exec(value) : null;
  if (!match) return null;
  const key = Number(match[1]);
  const id = Number(match[2]);
  return Number.isSafeInteger(key) && Number.isSafeInteger(id) ? { direction, key, id } : null;
}

/** Reads a view from the query string; anything unknown falls back to the default rather than failing. */
export function parseInboxView(params: URLSearchParams): InboxView {
  // The first tab is the default: anything unknown lands on appointments.
  const kind = kindOfList(params.get("tab")) ?? "appointment";
  const statusParam = params.get("status");
  const whenParam = params.get("when");
  return {
    kind,
    q: readSearchTerm(params),
    status: isStatusFor(kind, statusParam) ? statusParam : null,
    when: kind === "appointment" && isOneOf(APPOINTMENT_WHEN, whenParam) ? whenParam : "upcoming",
    cursor: parseCursor(params.get("after"), "after") ?? parseCursor(params.get("before"), "before"),
  };
}

/** The canonical query string of a view (no "?"), so equal views give equal strings. */
export function inboxSearch(view: InboxView): string {
  const params = new URLSearchParams({ tab: LEADS[view.kind].list });
  if (view.kind === "appointment") params.set("when", view.when);
  if (view.status) params.set("status", view.status);
  if (view.q) params.set("q", view.q);
  if (view.cursor) params.set(view.cursor.direction, `${view.cursor.key}.${view.cursor.id}`);
  return params.toString();
}

export function inboxHref(view: InboxView): string {
  return `/dashboard?${inboxSearch(view)}`;
}

/** The first page of a tab with no search or filter; appointments open on today or upcoming (the loader decides). */
export function tabHref(kind: LeadKind): string {
  return LISTS[LEADS[kind].list].href;
}

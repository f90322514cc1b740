// What a lead is. Every form a visitor sends stores one lead of one of three
// kinds; this map is the one place that says, for each kind, which table holds
// it, the staff list it lands in (app/core/staff-lists.ts: its address, label
// and badge) and the page of its form. Plain data: the browser and the Worker
// read the same.
import type { StaffList } from "./staff-lists";

export const LEAD_KINDS = ["appointment", "order", "contact"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

interface LeadKindInfo {
  /** The staff list it lands in. */
  list: StaffList;
  /** The D1 table, and its FTS5 search table (migrations/0002). */
  table: string;
  searchTable: string;
  /** The public page with its form. */
  formPath: string;
}

export const LEADS = {
  appointment: { list: "appointments", table: "appointments", searchTable: "appointments_search", formPath: "/book" },
  order: { list: "orders", table: "orders", searchTable: "orders_search", formPath: "/orderOnline" },
  contact: { list: "contacts", table: "contact_messages", searchTable: "contact_messages_search", formPath: "/contactus" },
} as const satisfies Record<LeadKind, LeadKindInfo>;

/** The kind whose list this is ("contacts" → "contact"), or null (also for a list of no lead, such as repairs). */
export function kindOfList(list: unknown): LeadKind | null {
  return LEAD_KINDS.find((kind) => LEADS[kind].list === list) ?? null;
}

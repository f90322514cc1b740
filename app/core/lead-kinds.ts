// What a lead is. Every form a visitor sends stores one lead of one of three
// kinds; this map is the one place that says, for each kind, which table holds
// it, what staff call it, the address of its inbox and the page of its form.
// It is plain data, so the browser (tabs, links) and the Worker read the same.

export const LEAD_KINDS = ["appointment", "order", "contact"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

interface LeadKindInfo {
  /** Its inbox in staff URLs (/dashboard?tab=…, /dashboard/…/12), in live events and in inbox_seen. */
  inbox: string;
  /** The D1 table, and its FTS5 search table (migrations/0002). */
  table: string;
  searchTable: string;
  /** The public page with its form. */
  formPath: string;
  labels: { tab: string; one: string; empty: string };
}

export const LEADS = {
  appointment: {
    inbox: "appointments",
    table: "appointments",
    searchTable: "appointments_search",
    formPath: "/book",
    labels: { tab: "Appointments", one: "appointment", empty: "No appointments found." },
  },
  order: {
    inbox: "orders",
    table: "orders",
    searchTable: "orders_search",
    formPath: "/orderOnline",
    labels: { tab: "Orders", one: "order", empty: "No orders found." },
  },
  contact: {
    inbox: "contacts",
    table: "contact_messages",
    searchTable: "contact_messages_search",
    formPath: "/contactus",
    labels: { tab: "Contacts", one: "contact message", empty: "No contacts found." },
  },
} as const satisfies Record<LeadKind, LeadKindInfo>;


/** The kind whose inbox address this is ("contacts" → "contact"), or null. */
export function kindOfInbox(inbox: unknown): LeadKind | null {
  return LEAD_KINDS.find((kind) => LEADS[kind].inbox === inbox) ?? null;
}

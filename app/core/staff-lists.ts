// The staff lists: the dashboard's tabs, one entry each. The shared dashboard
// reads only this: the tabs and their unread badges, the seen marks, which room
// events reload a list and what its live region says, and where each list's
// CSV is. A list's own rows, filters, record page and CSV live in its folder
// (the three lead inboxes in app/inbox/, repairs in app/repairs/). Adding a list
// is an entry here and a folder of its own (docs/ARCHITECTURE.md says how).
// Plain data on the ground floor: the browser and the Worker read the same.

export const STAFF_LISTS = ["appointments", "orders", "contacts", "repairs", "texts"] as const;
/** Unread counts stop here, so a badge never reads a whole table; badges show "99+". */
export const UNREAD_CAP = 100;
/** A list's name: its address in staff URLs, its unread key (inbox_seen.inbox) and its name in room events. */
export type StaffList = (typeof STAFF_LISTS)[number];

export interface StaffListInfo {
  /** The page that shows it, and that its live refresh reloads from (the three inboxes share one, by `?tab=`). */
  page: string;
  /** Where its tab opens. */
  href: string;
  /** Where a record of it opens: `${recordPath}/${id}`. */
  recordPath: string;
  /** Its CSV of the view shown (the view's query string is added). */
  exportPath: string;
  /** The tab's label. */
  label: string;
  /** Its page's heading: the three inboxes share one page, "Inbox". */
  heading: string;
  /** One of its records, in a sentence ("contact message"). */
  one: string;
  /** The D1 table its records live in: records with an id above the account's seen mark are unread. */
  table: string;
  /** What the list says when nothing matches. */
  empty: string;
  /** What an open list's live region says when one of its records arrives, or changes. */
  announce: { created: string; updated: string };
  /** The column naming the staff member who made a record, when staff make them: it is never new to them. */
  authorColumn?: string;
  /** When the table holds rows of other lists too: the column naming the list a row is in (sms_inbound.list). */
  listColumn?: string;
}

const capitalized = (words: string) => `${words[0]!.toUpperCase()}${words.slice(1)}`;

/** A list of records that visitors send (a lead inbox): received, and updated by the visitor or a text. */
function inbox(name: StaffList, label: string, one: string, table: string): StaffListInfo {
  return {
    page: "/dashboard",
    href: `/dashboard?tab=${name}`,
    recordPath: `/dashboard/${name}`,
    exportPath: "/dashboard/export",
    label,
    heading: "Inbox",
    one,
    table,
    empty: `No ${name} found.`,
    announce: { created: `New ${one} received.`, updated: `${capitalized(one)} updated.` },
  };
}

export const LISTS: Record<StaffList, StaffListInfo> = {
  appointments: inbox("appointments", "Appointments", "appointment", "appointments"),
  orders: inbox("orders", "Orders", "order", "orders"),
  contacts: inbox("contacts", "Contacts", "contact message", "contact_messages"),
  // Logged by staff at the counter, not sent by visitors.
  repairs: {
    page: "/dashboard/repairs",
    href: "/dashboard/repairs",
    recordPath: "/dashboard/repairs",
    exportPath: "/dashboard/repairs/export",
    label: "Repairs",
    heading: "Repairs",
    one: "repair",
    table: "repairs",
    authorColumn: "created_by",
    empty: "No repairs found.",
    announce: { created: "New repair logged.", updated: "Repair updated." },
  },
  // Texts from numbers no record has (decision 144); a customer's other texts show on their records.
  texts: {
    page: "/dashboard/texts",
    href: "/dashboard/texts",
    recordPath: "/dashboard/texts",
    exportPath: "/dashboard/texts/export",
    label: "Texts",
    heading: "Texts",
    one: "text",
    table: "sms_inbound",
    listColumn: "list",
    empty: "No texts from numbers without a record.",
    announce: { created: "New text received.", updated: "Text updated." },
  },
};

/** The list this name is ("contacts"), or null. */
export function staffListNamed(name: unknown): StaffList | null {
  return STAFF_LISTS.find((list) => list === name) ?? null;
}

/** Where staff open one record of a list. */
export function recordHref(list: StaffList, id: number): `/${string}` {
  return `${LISTS[list].recordPath}/${id}` as `/${string}`;
}

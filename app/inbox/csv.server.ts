// CSV export of one inbox view (tab, search, status, upcoming/past), every
// page of it, streamed in keyset batches so a large inbox never sits in memory
// or in one query. Cells that a spreadsheet would run as a formula are defused.
import { store } from "~/config/store";
import { STATUS_LABELS, type Inbox, type InboxView } from "~/inbox/view";
import type { LeadWithNote } from "~/inbox/types";
import { formatCalendarDay, leadPageQuery, readLeadPage } from "./queries.server";

const BATCH_SIZE = 500;

/**
 * One RFC 4180 field. A value starting with = + - @ (or a tab or carriage
 * return, which some spreadsheets skip before those) gets a leading apostrophe,
 * so Excel, Sheets and LibreOffice show it as text instead of evaluating it.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

const isoParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: store.timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026-11-21 10:34" in the store's time zone: sorts correctly in a spreadsheet. */
function storeTimestamp(epochMs: number): string {
  const part = Object.fromEntries(isoParts.formatToParts(epochMs).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

const COLUMNS: Record<Inbox, { header: string; value: (lead: LeadWithNote) => string }[]> = {
  appointments: [
    { header: "Name", value: (lead) => lead.name },
    { header: "Phone", value: (lead) => lead.phone },
    { header: "Date", value: (lead) => (lead.inbox === "appointments" ? formatCalendarDay(lead.date) : "") },
    { header: "Time", value: (lead) => (lead.inbox === "appointments" ? lead.time : "") },
    { header: "Service", value: (lead) => (lead.inbox === "appointments" ? lead.service : "") },
    { header: "Booked (Central)", value: (lead) => storeTimestamp(lead.createdAt) },
  ],
  orders: [
    { header: "Date & Time (Central)", value: (lead) => storeTimestamp(lead.createdAt) },
    { header: "Customer Name", value: (lead) => lead.name },
    { header: "Email", value: (lead) => ("email" in lead ? lead.email : "") },
    { header: "Phone", value: (lead) => lead.phone },
    { header: "Diamond Selection", value: (lead) => (lead.inbox === "orders" ? lead.diamondSelection : "") },
    { header: "Jewelry Type", value: (lead) => (lead.inbox === "orders" ? lead.jewelryType : "") },
    { header: "Material Preferences", value: (lead) => (lead.inbox === "orders" ? lead.materialPreferences : "") },
  ],
  contacts: [
    { header: "Date & Time (Central)", value: (lead) => storeTimestamp(lead.createdAt) },
    { header: "Name", value: (lead) => lead.name },
    { header: "Email", value: (lead) => ("email" in lead ? lead.email : "") },
    { header: "Phone", value: (lead) => lead.phone },
    { header: "Message", value: (lead) => (lead.inbox === "contacts" ? lead.message : "") },
  ],
};

function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export function csvHeader(inbox: Inbox): string {
  return csvLine([...COLUMNS[inbox].map((column) => column.header), "Status", "Staff note"]);
}

export function csvRow(lead: LeadWithNote): string {
  return csvLine([
    ...COLUMNS[lead.inbox].map((column) => column.value(lead)),
    STATUS_LABELS[lead.status],
    lead.staffNote,
  ]);
}

export function csvFileName(view: InboxView, now: number): string {
  return `${view.tab}-${storeTimestamp(now).slice(0, 10)}.csv`;
}

/** The whole view as a stream: a byte-order mark (so Excel reads UTF-8), the header, then batch after batch. */
export function streamLeadsCsv(db: D1Database, view: InboxView, match: string | null, now: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: InboxView["cursor"] = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvHeader(view.tab)}`));
        return;
      }
      if (done) {
        controller.close();
        return;
      }
      const batchView: InboxView = { ...view, cursor };
      const query = leadPageQuery(db, batchView, { match, limit: BATCH_SIZE, now, withNote: true });
      const rows = (await query.all<LeadWithNote>()).results;
      const page = readLeadPage(batchView, rows, BATCH_SIZE);
      if (page.leads.length > 0) controller.enqueue(encoder.encode(page.leads.map(csvRow).join("")));
      if (!page.hasAfter || !page.last) done = true;
      else cursor = { direction: "after", ...page.last };
    },
  });
}

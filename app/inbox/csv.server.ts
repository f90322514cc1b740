// CSV export of one inbox view (tab, search, status, upcoming/past), every
// page of it, streamed in keyset batches so a large inbox never sits in memory
// or in one query. Cells that a spreadsheet would run as a formula are defused.
import { STATUS_LABELS, type InboxView } from "~/inbox/view";
import type { LeadWithNote } from "~/inbox/types";
import { formatCalendarDay, storeTimestamp } from "~/leads/store-time";
import { LEADS, type LeadKind } from "~/leads/kinds";
import { leadPageQuery, readLeadPage } from "./queries.server";

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

const COLUMNS: Record<LeadKind, { header: string; value: (lead: LeadWithNote) => string }[]> = {
  appointment: [
    { header: "Name", value: (lead) => lead.name },
    { header: "Phone", value: (lead) => lead.phone },
    { header: "Date", value: (lead) => (lead.kind === "appointment" ? formatCalendarDay(lead.date) : "") },
    { header: "Time", value: (lead) => (lead.kind === "appointment" ? lead.time : "") },
    { header: "Service", value: (lead) => (lead.kind === "appointment" ? lead.service : "") },
    { header: "Booked (Central)", value: (lead) => storeTimestamp(lead.createdAt) },
  ],
  order: [
    { header: "Date & Time (Central)", value: (lead) => storeTimestamp(lead.createdAt) },
    { header: "Customer Name", value: (lead) => lead.name },
    { header: "Email", value: (lead) => ("email" in lead ? lead.email : "") },
    { header: "Phone", value: (lead) => lead.phone },
    { header: "Diamond Selection", value: (lead) => (lead.kind === "order" ? lead.diamondSelection : "") },
    { header: "Jewelry Type", value: (lead) => (lead.kind === "order" ? lead.jewelryType : "") },
    { header: "Material Preferences", value: (lead) => (lead.kind === "order" ? lead.materialPreferences : "") },
  ],
  contact: [
    { header: "Date & Time (Central)", value: (lead) => storeTimestamp(lead.createdAt) },
    { header: "Name", value: (lead) => lead.name },
    { header: "Email", value: (lead) => ("email" in lead ? lead.email : "") },
    { header: "Phone", value: (lead) => lead.phone },
    { header: "Message", value: (lead) => (lead.kind === "contact" ? lead.message : "") },
  ],
};

export function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

function csvHeader(kind: LeadKind): string {
  return csvLine([...COLUMNS[kind].map((column) => column.header), "Status", "Staff note"]);
}

function csvRow(lead: LeadWithNote): string {
  return csvLine([
    ...COLUMNS[lead.kind].map((column) => column.value(lead)),
    STATUS_LABELS[lead.status],
    lead.staffNote,
  ]);
}

export function csvFileName(view: InboxView, now: number): string {
  return `${LEADS[view.tab].inbox}-${storeTimestamp(now).slice(0, 10)}.csv`;
}

/**
 * The whole view as a stream: a byte-order mark (so Excel reads UTF-8), the
 * header, then batch after batch. `onDone` gets the number of rows sent, when
 * the last batch went out or the download was cancelled (for the audit trail).
 */
export function streamLeadsCsv(
  db: D1Database,
  view: InboxView,
  match: string | null,
  now: number,
  onDone: (rows: number, complete: boolean) => void = () => {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: InboxView["cursor"] = null;
  let started = false;
  let done = false;
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvHeader(view.tab)}`));
        return;
      }
      if (done) {
        controller.close();
        onDone(sent, true);
        return;
      }
      const batchView: InboxView = { ...view, cursor };
      const query = leadPageQuery(db, batchView, { match, limit: BATCH_SIZE, now, withNote: true });
      const rows = (await query.all<LeadWithNote>()).results;
      const page = readLeadPage(batchView, rows, BATCH_SIZE);
      if (page.leads.length > 0) controller.enqueue(encoder.encode(page.leads.map(csvRow).join("")));
      sent += page.leads.length;
      if (!page.hasAfter || !page.last) done = true;
      else cursor = { direction: "after", ...page.last };
    },
    cancel() {
      onDone(sent, false);
    },
  });
}

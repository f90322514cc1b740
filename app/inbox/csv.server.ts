// CSV export of one inbox view (tab, search, status, upcoming/past), every
// page of it, in keyset batches (app/http/csv.ts streams and defuses the cells).
import { csvLine, csvStream } from "~/http/csv";
import { getDb } from "~/db/client.server";
import type { DbEnv } from "~/db/sql.server";
import { notesForExport } from "~/records/notes.server";
import { LEAD_STATUS_LABELS } from "~/core/lead-statuses";
import type { InboxView } from "~/inbox/view";
import type { Lead } from "~/inbox/types";
import { formatCalendarDay, storeTimestamp } from "~/core/store-time";
import { LEADS, type LeadKind } from "~/core/lead-kinds";
import { formatPhone } from "~/core/phone";
import { leadPageQuery, readLeadPage } from "./queries.server";

const BATCH_SIZE = 500;

const COLUMNS: Record<LeadKind, { header: string; value: (lead: Lead) => string }[]> = {
  appointment: [
    { header: "Name", value: (lead) => lead.name },
    { header: "Phone", value: (lead) => formatPhone(lead.phone) },
    { header: "Date", value: (lead) => (lead.kind === "appointment" ? formatCalendarDay(lead.date) : "") },
    { header: "Time", value: (lead) => (lead.kind === "appointment" ? lead.time : "") },
    { header: "Service", value: (lead) => (lead.kind === "appointment" ? lead.service : "") },
    { header: "Booked (Central)", value: (lead) => storeTimestamp(lead.createdAt) },
  ],
  order: [
    { header: "Date & Time (Central)", value: (lead) => storeTimestamp(lead.createdAt) },
    { header: "Customer Name", value: (lead) => lead.name },
    { header: "Email", value: (lead) => ("email" in lead ? lead.email : "") },
    { header: "Phone", value: (lead) => formatPhone(lead.phone) },
    { header: "Diamond Selection", value: (lead) => (lead.kind === "order" ? lead.diamondSelection : "") },
    { header: "Jewelry Type", value: (lead) => (lead.kind === "order" ? lead.jewelryType : "") },
    { header: "Material Preferences", value: (lead) => (lead.kind === "order" ? lead.materialPreferences : "") },
    { header: "About the Piece", value: (lead) => (lead.kind === "order" ? (lead.pieceDescription ?? "") : "") },
  ],
  contact: [
    { header: "Date & Time (Central)", value: (lead) => storeTimestamp(lead.createdAt) },
    { header: "Name", value: (lead) => lead.name },
    { header: "Email", value: (lead) => ("email" in lead ? lead.email : "") },
    { header: "Phone", value: (lead) => formatPhone(lead.phone) },
    { header: "Message", value: (lead) => (lead.kind === "contact" ? lead.message : "") },
  ],
};

function csvHeader(kind: LeadKind): string {
  return csvLine([...COLUMNS[kind].map((column) => column.header), "Status", "Notes"]);
}

/** A lead's row; `notes` is every note of the lead in one cell, oldest first (notesForExport says how they are joined). */
function csvRow(lead: Lead, notes: string): string {
  return csvLine([...COLUMNS[lead.kind].map((column) => column.value(lead)), LEAD_STATUS_LABELS[lead.status], notes]);
}

export function csvFileName(view: InboxView, now: number): string {
  return `${LEADS[view.kind].list}-${storeTimestamp(now).slice(0, 10)}.csv`;
}

/**
 * The whole view as a stream, batch after batch. `onDone` gets the number of
 * rows sent, when the last batch went out or the download was cancelled (for
 * the audit trail).
 */
export function streamLeadsCsv(
  env: DbEnv,
  view: InboxView,
  match: string | null,
  now: number,
  onDone: (rows: number, complete: boolean) => void = () => {},
): ReadableStream<Uint8Array> {
  let cursor: InboxView["cursor"] = null;
  return csvStream(
    csvHeader(view.kind),
    async () => {
      const batchView: InboxView = { ...view, cursor };
      const query = leadPageQuery(env, batchView, { match, limit: BATCH_SIZE, now });
      const page = readLeadPage(batchView, (await query.all<Lead>()).results, BATCH_SIZE);
      const more = page.hasAfter && Boolean(page.last);
      if (more) cursor = { direction: "after", ...page.last! };
      const notes = await notesForExport(getDb(env), LEADS[view.kind].list, page.leads.map((lead) => lead.id));
      return { lines: page.leads.map((lead) => csvRow(lead, notes.get(lead.id) ?? "")), more };
    },
    onDone,
  );
}

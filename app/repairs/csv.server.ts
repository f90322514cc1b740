import { csvLine, csvStream } from "~/http/csv";
import { formatPhone } from "~/core/phone";
import { formatCalendarDay, storeTimestamp } from "~/core/store-time";
import { getDb } from "~/db/client.server";
import type { DbEnv } from "~/db/sql.server";
import { notesForExport } from "~/records/notes.server";
import { repairBatch, type RepairRow } from "./list.server";
import { formatEstimate } from "./rules";
import { isOverdue, REPAIR_STATUS_LABELS } from "~/core/repair-statuses";
import { workLabel, type RepairView } from "./view";

// The Repairs tab's CSV: the whole view (search and filter), batch by batch,
// through the same stream and cell defusing as the lead export (app/http/csv.ts).

const COLUMNS: { header: string; value: (row: RepairRow, now: number) => string }[] = [
  { header: "Ticket", value: (row) => row.ticket },
  { header: "Logged (Central)", value: (row) => storeTimestamp(row.createdAt) },
  { header: "Name", value: (row) => row.name },
  { header: "Phone", value: (row) => formatPhone(row.phone) },
  { header: "Email", value: (row) => row.email ?? "" },
  { header: "Item", value: (row) => row.item },
  { header: "Work", value: workLabel },
  { header: "Estimate", value: (row) => formatEstimate(row.estimateCents) },
  { header: "Promised", value: (row) => formatCalendarDay(row.promisedDate) },
  { header: "Status", value: (row, now) => `${REPAIR_STATUS_LABELS[row.status]}${isOverdue(row, now) ? " (overdue)" : ""}` },
];
/** Every note of the repair in one cell, oldest first (notesForExport says how they are joined). */
const NOTES_HEADER = "Notes";

export function repairsCsvFileName(now: number): string {
  return `repairs-${storeTimestamp(now).slice(0, 10)}.csv`;
}

export function streamRepairsCsv(
  env: DbEnv,
  view: RepairView,
  match: string | null,
  now: number,
  onDone: (rows: number, complete: boolean) => void,
): ReadableStream<Uint8Array> {
  let afterId: number | null = null;
  return csvStream(
    csvLine([...COLUMNS.map((column) => column.header), NOTES_HEADER]),
    async () => {
      const batch = await repairBatch(env, view, match, afterId, now);
      afterId = batch.rows[batch.rows.length - 1]?.id ?? afterId;
      const notes = await notesForExport(getDb(env), "repairs", batch.rows.map((row) => row.id));
      return {
        lines: batch.rows.map((row) => csvLine([...COLUMNS.map((column) => column.value(row, now)), notes.get(row.id) ?? ""])),
        more: batch.more,
      };
    },
    onDone,
  );
}

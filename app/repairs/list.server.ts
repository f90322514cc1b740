import { sql, type SQL } from "drizzle-orm";
import { keysetPage } from "~/core/keyset-page";
import { statement, type DbEnv } from "~/db/sql.server";
import { planSearch } from "~/inbox/queries.server";
import { OVERDUE_AFTER_MS, type RepairStatus } from "~/core/repair-statuses";
import { REPAIR_PAGE_SIZE, type RepairView } from "./view";

// The Repairs tab's reads, as the lead inboxes do them (app/inbox/queries.server.ts):
// keyset pages on an index (newest first, by id), search through the FTS5 trigram
// table (migrations/0013), unread marks from inbox_seen. A page costs the same at
// 100 rows as at 100,000.

export interface RepairRow {
  id: number;
  ticket: string;
  name: string;
  phone: string;
  email: string | null;
  item: string;
  work: string;
  workDetail: string;
  estimateCents: number | null;
  promisedDate: string;
  status: RepairStatus;
  readyAt: number | null;
  createdAt: number;
  createdBy: string;
}

const COLUMNS = sql.raw(
  "t.id, t.ticket, t.name, t.phone, t.email, t.item, t.work, t.work_detail AS workDetail, t.estimate_cents AS estimateCents, " +
    "t.promised_date AS promisedDate, t.status, t.ready_at AS readyAt, t.created_at AS createdAt, t.created_by AS createdBy",
);

export { planSearch };

/** One page of the view (limit + 1 rows, to know whether more follow), as a statement for a batch. */
export function repairPageQuery(env: DbEnv, view: RepairView, options: { match: string | null; limit: number; now: number }) {
  const conditions: SQL[] = [];
  if (options.match) conditions.push(sql`repairs_search MATCH ${options.match}`);
  if (view.status === "overdue") conditions.push(sql`t.status IN ('ready', 'ready_unrepaired') AND t.ready_at <= ${options.now - OVERDUE_AFTER_MS}`);
  else if (view.status) conditions.push(sql`t.status = ${view.status}`);
  const backwards = view.cursor?.direction === "before";
  if (view.cursor) conditions.push(backwards ? sql`t.id > ${view.cursor.id}` : sql`t.id < ${view.cursor.id}`);
  const from = options.match ? sql`repairs_search CROSS JOIN repairs t ON t.id = repairs_search.rowid` : sql`repairs t`;
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const direction = sql.raw(backwards ? "ASC" : "DESC");
  // Compiled SQL: drizzle's builder says no FTS5 MATCH with CROSS JOIN; the page runs it in its raw batch (Server-Timing).
  return statement(env, sql`SELECT ${COLUMNS} FROM ${from} ${where} ORDER BY t.id ${direction} LIMIT ${options.limit + 1}`);
}

export function readRepairPage(view: RepairView, rows: RepairRow[], limit: number) {
  return keysetPage(view.cursor, rows, limit);
}

/** The whole view for the CSV, ten pages at a time, oldest id last. */
export async function repairBatch(env: DbEnv, view: RepairView, match: string | null, afterId: number | null, now: number) {
  const limit = REPAIR_PAGE_SIZE * 10;
  const batchView: RepairView = { ...view, cursor: afterId === null ? null : { direction: "after", id: afterId } };
  const { results } = await repairPageQuery(env, batchView, { match, limit, now }).all<RepairRow>();
  return { rows: results.slice(0, limit), more: results.length > limit };
}

// Reading and updating leads for the staff inboxes. Every list query walks an
// index from a keyset position (never OFFSET) and stops after one page, and
// search goes through the FTS5 trigram tables, so a tab costs the same at
// 100 rows as at 100,000. The SQL is written out so the plans stay obvious;
// table and column names come only from the constants below, never from input.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { isUniqueViolation, SEAT_INDEX_COLUMN } from "~/db/errors";
import { allRows, statement, type DbEnv } from "~/db/sql.server";
import { LEAD_STATUS_LABELS, type LeadStatus } from "~/core/lead-statuses";
import { timelineEvent } from "~/records/events.server";
import { appointments, contactMessages, LEAD_TABLES, orderPhotos as orderPhotoRows } from "~/db/schema";
import { alias } from "drizzle-orm/sqlite-core";
import { LEADS, type LeadKind } from "~/core/lead-kinds";
import { NOT_COMING, type InboxView } from "~/inbox/view";
import { addDays } from "~/core/slots";
import { phoneDigits } from "~/core/phone";
import { storeDate, storeTimeToInstant } from "~/core/store-time";
import type { Lead, LeadWithChange, OrderPhoto } from "~/inbox/types";

export type { Lead, LeadWithChange };

/** What an inbox row reads of each kind's table, named as the Lead types name it. */
const COLUMNS: Record<LeadKind, string> = {
  appointment:
    "'appointment' AS kind, t.id, t.name, t.phone, t.date, t.time, t.service, t.created_at AS createdAt, t.starts_at AS startsAt, t.status, t.version",
  order:
    "'order' AS kind, t.id, t.name, t.email, t.phone, t.jewelry_type AS jewelryType, t.material_preferences AS materialPreferences, t.diamond_selection AS diamondSelection, t.piece_description AS pieceDescription, t.created_at AS createdAt, t.status, t.version, (SELECT count(*) FROM order_photos p WHERE p.order_id = t.id) AS photoCount",
  contact: "'contact' AS kind, t.id, t.name, t.email, t.phone, t.message, t.created_at AS createdAt, t.status, t.version",
};

/** What a record page reads besides a row's columns: who changed it last. */
const CHANGE_COLUMNS = "t.updated_by AS updatedBy, t.updated_at AS updatedAt";

/** Table and column names come only from LEADS and COLUMNS, never from input. */
function sourceOf(kind: LeadKind) {
  return {
    table: sql.identifier(LEADS[kind].table),
    search: sql.identifier(LEADS[kind].searchTable),
    columns: sql.raw(COLUMNS[kind]),
  };
}

// ---------------------------------------------------------------- search

const MIN_TERM_LENGTH = 3;

export type SearchPlan = { match: string | null } | { error: string };

/**
 * Turns what staff typed into an FTS5 query: every word must appear somewhere
 * in the name, e-mail or phone. Phone-like words are reduced to digits, so
 * "555-0100" finds "(901) 555-0100". The trigram index needs 3+ characters,
 * so shorter words are dropped; a search made only of those is refused.
 */
export function planSearch(q: string): SearchPlan {
  if (!q) return { match: null };
  const terms = q
    .split(/\s+/)
    .map((term) => phoneDigits(term) ?? term)
    .filter((term) => [...term].length >= MIN_TERM_LENGTH);
  if (terms.length === 0) {
    return { error: "Type at least 3 letters or digits of a name, e-mail or phone number." };
  }
  return { match: terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" ") };
}

// ---------------------------------------------------------------- listing

interface Ordering {
  column: SQL;
  descending: boolean;
  /** The row's value of the sort column, for cursors. */
  keyOf: (lead: Lead) => number;
}

function orderingFor(view: InboxView): Ordering {
  if (view.kind === "appointment" && view.when !== "all") {
    // Today and upcoming: soonest first. Past: most recent visit first.
    return {
      column: sql.raw("t.starts_at"),
      descending: view.when === "past",
      keyOf: (lead) => (lead.kind === "appointment" ? lead.startsAt : 0),
    };
  }
  return { column: sql.raw("t.created_at"), descending: true, keyOf: (lead) => lead.createdAt };
}

/** The store-local day `now` falls in, as [start, end) instants. */
export function storeDayAround(now: number): { date: string; start: number; end: number } {
  const date = storeDate(now);
  return { date, start: storeTimeToInstant(date, 0), end: storeTimeToInstant(addDays(date, 1), 0) };
}

/** Which visits an appointment view holds (docs/decisions/107). */
function visitTimeConditions(view: InboxView, now: number): SQL[] {
  // A visit that will not happen is left out of the days ahead, unless the status filter asks for it.
  const coming = view.status ? [] : [sql`t.status NOT IN (${sql.join(NOT_COMING.map((status) => sql`${status}`), sql`, `)})`];
  if (view.when === "upcoming") return [sql`t.starts_at >= ${now}`, ...coming];
  if (view.when === "past") return [sql`t.starts_at < ${now}`];
  if (view.when === "today") {
    const today = storeDayAround(now);
    return [sql`t.starts_at >= ${today.start}`, sql`t.starts_at < ${today.end}`, ...coming];
  }
  return [];
}

/** Whether any visit today is still on (the appointments tab then opens on today). */
export async function hasVisitsToday(env: DbEnv, now: number): Promise<boolean> {
  const today = { kind: "appointment", q: "", status: null, when: "today", cursor: null } satisfies InboxView;
  // The conditions name the table `t`, as the page's query does (leadPageQuery).
  const t = alias(appointments, "t");
  const rows = await getDb(env).select({ id: t.id }).from(t).where(and(...visitTimeConditions(today, now))).limit(1);
  return rows.length > 0;
}

export interface LeadPage {
  leads: Lead[];
  /** Cursor values of the first and last rows shown. */
  first: { key: number; id: number } | null;
  last: { key: number; id: number } | null;
  /** More rows in display order after the last one / before the first one. */
  hasAfter: boolean;
  hasBefore: boolean;
}

/** The rows one page needs, as a statement for a batch; read them back with readLeadPage. */
export function leadPageQuery(
  env: DbEnv,
  view: InboxView,
  options: { match: string | null; limit: number; now: number },
) {
  const source = sourceOf(view.kind);
  const ordering = orderingFor(view);
  const conditions: SQL[] = [];
  if (options.match) conditions.push(sql`${source.search} MATCH ${options.match}`);
  if (view.status) conditions.push(sql`t.status = ${view.status}`);
  if (view.kind === "appointment") conditions.push(...visitTimeConditions(view, options.now));

  // Walking towards "before" reads the index the other way round; readLeadPage flips it back.
  const backwards = view.cursor?.direction === "before";
  const descending = ordering.descending !== backwards;
  if (view.cursor) {
    const { key, id } = view.cursor;
    conditions.push(
      descending ? sql`(${ordering.column}, t.id) < (${key}, ${id})` : sql`(${ordering.column}, t.id) > (${key}, ${id})`,
    );
  }
  const direction = sql.raw(descending ? "DESC" : "ASC");
  // With a search, the FTS match drives (CROSS JOIN fixes the join order) and
  // only the matching rows are sorted; without one, the sort index drives.
  const from = options.match
    ? sql`${source.search} CROSS JOIN ${source.table} t ON t.id = ${source.search}.rowid`
    : sql`${source.table} t`;
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  // Compiled SQL: drizzle's builder says neither an FTS5 MATCH with CROSS JOIN nor a row-value keyset comparison.
  return statement(
    env,
    sql`SELECT ${source.columns} FROM ${from} ${where}
        ORDER BY ${ordering.column} ${direction}, t.id ${direction}
        LIMIT ${options.limit + 1}`,
  );
}

export function readLeadPage<T extends Lead>(view: InboxView, rows: T[], limit: number): LeadPage & { leads: T[] } {
  const ordering = orderingFor(view);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const backwards = view.cursor?.direction === "before";
  if (backwards) page.reverse();
  const position = (lead: Lead | undefined) => (lead ? { key: ordering.keyOf(lead), id: lead.id } : null);
  return {
    leads: page,
    first: position(page[0]),
    last: position(page[page.length - 1]),
    hasAfter: backwards ? true : hasMore,
    hasBefore: backwards ? hasMore : view.cursor !== null,
  };
}

// ---------------------------------------------------------------- one record

export async function getLead(env: DbEnv, kind: LeadKind, id: number): Promise<LeadWithChange | null> {
  const source = sourceOf(kind);
  // Compiled SQL: the page query's column list (COLUMNS), so a record reads exactly as its row in the list does.
  const [row] = await allRows<LeadWithChange>(
    env,
    sql`SELECT ${source.columns}, ${sql.raw(CHANGE_COLUMNS)} FROM ${source.table} t WHERE t.id = ${id}`,
  );
  return row ?? null;
}

/** The photos of one order, in the order the visitor chose them. */
export function orderPhotos(env: DbEnv, orderId: number): Promise<OrderPhoto[]> {
  const { position, fileName, contentType, size } = orderPhotoRows;
  return getDb(env).select({ position, fileName, contentType, size }).from(orderPhotoRows).where(eq(orderPhotoRows.orderId, orderId)).orderBy(position);
}

export type UpdateOutcome =
  | { outcome: "not-found" }
  | { outcome: "seat-taken" }
  /** Saved (or already so); `version` is the lead's version now. */
  | { outcome: "updated"; version: number }
  /** Someone saved since `version`: nothing was written; here is the lead as it is now. */
  | { outcome: "conflict"; current: LeadWithChange };

/**
 * Saves a status only over the version the form started from
 * (docs/decisions/106): the UPDATE names it, so of two saves from one version
 * the second writes nothing and is answered with the lead as it is now. The
 * same batch adds the change to the lead's timeline (decision 140).
 * "seat-taken": staff reopened a cancelled, spam or no-show appointment whose
 * seat another booking holds now (the partial unique index refused it).
 */
export async function updateLead(
  env: DbEnv,
  kind: LeadKind,
  id: number,
  changes: { status: LeadStatus; version: number },
  by: { email: string; now: number },
): Promise<UpdateOutcome> {
  // Each lead table has the same tracking columns (schema.ts, leadTracking), so one typing serves the three.
  const table = LEAD_TABLES[kind] as typeof contactMessages;
  const db = getDb(env);
  try {
    const [[row]] = await db.batch([
      db
        .update(table)
        .set({ status: changes.status, version: sql`${table.version} + 1`, updatedBy: by.email, updatedAt: new Date(by.now) })
        .where(and(eq(table.id, id), eq(table.version, changes.version)))
        .returning({ version: table.version }),
      statusChangeEvent(db, kind, id, changes, by),
    ]);
    if (row) return { outcome: "updated", version: row.version };
  } catch (error) {
    if (isUniqueViolation(error, SEAT_INDEX_COLUMN)) return { outcome: "seat-taken" };
    throw error;
  }
  return outcomeOfStaleSave(env, kind, id, changes);
}

/** What a save whose version was no longer current answers, having written nothing. */
export async function outcomeOfStaleSave(
  env: DbEnv,
  kind: LeadKind,
  id: number,
  changes: { status: LeadStatus },
): Promise<UpdateOutcome> {
  const current = await getLead(env, kind, id);
  if (!current) return { outcome: "not-found" };
  // A retry of a save that went through, or two clerks choosing the same: nothing would be lost.
  const same = current.status === changes.status;
  return same ? { outcome: "updated", version: current.version } : { outcome: "conflict", current };
}

/**
 * The timeline line of a staff status change, in the batch of the UPDATE that makes it: written only when that
 * UPDATE wrote (the lead now holds the next version, set by this clerk at this instant).
 */
export function statusChangeEvent(db: Db, kind: LeadKind, id: number, changes: { status: LeadStatus; version: number }, by: { email: string; now: number }) {
  const table = LEAD_TABLES[kind] as typeof contactMessages;
  return timelineEvent(
    db,
    { list: LEADS[kind].list, recordId: id, kind: "status-changed", detail: LEAD_STATUS_LABELS[changes.status], actor: by.email, at: by.now },
    sql`FROM ${table} WHERE ${table.id} = ${id} AND ${table.version} = ${changes.version + 1} AND ${table.updatedBy} = ${by.email} AND ${table.updatedAt} = ${by.now}`,
  );
}

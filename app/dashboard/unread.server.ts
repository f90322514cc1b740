// Unread badges, per staff account, kept on the server (inbox_seen) so they
// follow the person across devices. "Unread" means an id above the newest
// record this account has seen in that list; ids grow with every new record.
// If that record no longer exists, everything counts as new (seen id 0).
// Counting stops at UNREAD_CAP, so a badge never reads a whole table. Every
// staff list of the registry (app/core/staff-lists.ts) has its mark and badge.
// A customer's text on an existing record counts in its list's badge too, until
// the account reads that record (text_reads, decision 144).
import { sql, type SQL } from "drizzle-orm";
import { LISTS, UNREAD_CAP, type StaffList } from "~/core/staff-lists";
import { getDb } from "~/db/client.server";
import { inboxSeen, smsInbound, textReads, users } from "~/db/schema";
import { insertSelect } from "~/db/insert-select";
import { builtStatement, statement, type DbEnv } from "~/db/sql.server";

const listTable = (list: StaffList) => sql.identifier(LISTS[list].table);
/** `AND list = 'texts'` for a list whose table holds other lists' rows too; nothing otherwise. */
function inList(list: StaffList): SQL {
  const column = LISTS[list].listColumn;
  return column ? sql` AND ${sql.identifier(column)} = ${list}` : sql``;
}

/** The id this account last saw in a list, or 0 if never seen or since deleted (a primary-key lookup). */
function seenIdSql(userId: number, list: StaffList): SQL {
  // Compiled SQL: the list's table is named at run time, which drizzle's builder cannot join.
  return sql`coalesce((SELECT t.id FROM ${inboxSeen} s JOIN ${listTable(list)} t ON t.id = s.last_seen_id
    WHERE s.user_id = ${userId} AND s.inbox = ${list}), 0)`;
}

/** How many records of a list this account has not seen, counted up to UNREAD_CAP; never those it made itself. */
export function unreadCountSql(userId: number, list: StaffList): SQL {
  const author = LISTS[list].authorColumn;
  const notOwn = author ? sql` AND ${sql.identifier(author)} IS NOT (SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId})` : sql``;
  // Compiled SQL: a count over a LIMITed subquery of a table named at run time.
  const records = sql`(SELECT count(*) FROM (SELECT 1 FROM ${listTable(list)} WHERE id > ${seenIdSql(userId, list)}${inList(list)}${notOwn} LIMIT ${UNREAD_CAP}))`;
  return sql`min(${records} + ${unreadTextsSql(userId, list)}, ${UNREAD_CAP})`;
}

/** How many customer texts landed on this list's records after this account last read each record, up to UNREAD_CAP. */
function unreadTextsSql(userId: number, list: StaffList): SQL {
  // Compiled SQL: a count over a LIMITed subquery, with a correlated read mark per record.
  return sql`(SELECT count(*) FROM (SELECT 1 FROM ${smsInbound} t WHERE t.list = ${list} AND t.record_id IS NOT NULL
    AND t.id > coalesce((SELECT r.last_text_id FROM ${textReads} r WHERE r.user_id = ${userId} AND r.list = t.list AND r.record_id = t.record_id), 0)
    LIMIT ${UNREAD_CAP}))`;
}

/** Records the customer texts landed on one record as read by this account: opening the record reads them. */
export async function markTextsRead(env: DbEnv, userId: number, list: StaffList, recordId: number): Promise<void> {
  const db = getDb(env);
  // WHERE 1: as in markSeenQuery, so SQLite reads the ON CONFLICT as the insert's.
  const newest = sql`FROM (SELECT id FROM ${smsInbound} WHERE list = ${list} AND record_id = ${recordId} ORDER BY id DESC LIMIT 1) WHERE 1`;
  await insertSelect(db, textReads, { userId: sql`${userId}`, list: sql`${list}`, recordId: sql`${recordId}`, lastTextId: sql`id` }, newest).onConflictDoUpdate({
    target: [textReads.userId, textReads.list, textReads.recordId],
    set: { lastTextId: sql`excluded.last_text_id` },
  });
}

/** The id this account last saw in a list, as one statement for a batch (its row: `{ seen }`). */
export function seenIdQuery(env: DbEnv, userId: number, list: StaffList) {
  // Compiled SQL: a SELECT with no FROM, for the page's raw batch.
  return statement(env, sql`SELECT ${seenIdSql(userId, list)} AS seen`);
}

/** Records the newest record of a list as seen by this account (nothing if the list is empty). */
export function markSeenQuery(env: DbEnv, userId: number, list: StaffList) {
  // ORDER BY id DESC LIMIT 1 reads one row; max(id) inside a subquery would read the whole index.
  // WHERE 1: SQLite reads "ON CONFLICT" after a bare "INSERT … SELECT … FROM" as a join's ON.
  const db = getDb(env);
  const newest = sql`FROM (SELECT id FROM ${listTable(list)} WHERE 1${inList(list)} ORDER BY id DESC LIMIT 1) WHERE 1`;
  return builtStatement(
    env,
    insertSelect(db, inboxSeen, { userId: sql`${userId}`, inbox: sql`${list}`, lastSeenId: sql`id` }, newest).onConflictDoUpdate({
      target: [inboxSeen.userId, inboxSeen.inbox],
      set: { lastSeenId: sql`excluded.last_seen_id` },
    }),
  );
}

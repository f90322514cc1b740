// Unread badges, per staff account, kept on the server (inbox_seen) so they
// follow the person across devices. "Unread" means an id above the newest
// entry this account has seen in that inbox; ids grow with every new record.
// If that entry no longer exists, everything counts as new (seen id 0).
// Counting stops at UNREAD_CAP, so a badge never reads a whole table.
import { sql, type SQL } from "drizzle-orm";
import { LEAD_KINDS, LEADS, type LeadKind } from "~/core/lead-kinds";
import { UNREAD_CAP } from "./view";
import { sourceTable } from "./queries.server";
import { statement, type DbEnv } from "~/db/sql.server";


export type InboxNumbers = Record<LeadKind, number>;

/** The id this account last saw in an inbox, or 0 if never seen or since deleted (a primary-key lookup). */
function seenIdOf(userId: number, kind: LeadKind): SQL {
  return sql`coalesce((SELECT t.id FROM inbox_seen s JOIN ${sourceTable(kind)} t ON t.id = s.last_seen_id
    WHERE s.user_id = ${userId} AND s.inbox = ${LEADS[kind].inbox}), 0)`;
}

/** Seen ids of all three inboxes, as one statement for a batch. */
export function seenIdsQuery(env: DbEnv, userId: number) {
  const columns = LEAD_KINDS.map((kind) => sql`${seenIdOf(userId, kind)} AS ${sql.identifier(kind)}`);
  return statement(env, sql`SELECT ${sql.join(columns, sql`, `)}`);
}

/** Unread counts of all three inboxes (capped), as one statement for a batch. */
export function unreadCountsQuery(env: DbEnv, userId: number) {
  const columns = LEAD_KINDS.map(
    (kind) =>
      sql`(SELECT count(*) FROM (SELECT 1 FROM ${sourceTable(kind)} WHERE id > ${seenIdOf(userId, kind)} LIMIT ${UNREAD_CAP})) AS ${sql.identifier(kind)}`,
  );
  return statement(env, sql`SELECT ${sql.join(columns, sql`, `)}`);
}

/** Records the newest entry of an inbox as seen by this account (nothing if the inbox is empty). */
export function markSeenQuery(env: DbEnv, userId: number, kind: LeadKind) {
  // ORDER BY id DESC LIMIT 1 reads one row; max(id) inside a subquery would read the whole index.
  return statement(env, sql`INSERT INTO inbox_seen (user_id, inbox, last_seen_id)
    SELECT ${userId}, ${LEADS[kind].inbox}, id FROM (SELECT id FROM ${sourceTable(kind)} ORDER BY id DESC LIMIT 1) WHERE 1
    ON CONFLICT (user_id, inbox) DO UPDATE SET last_seen_id = excluded.last_seen_id`);
}

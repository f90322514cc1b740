// Unread badges, per staff account, kept on the server (inbox_seen) so they
// follow the person across devices. "Unread" means an id above the newest
// entry this account has seen in that inbox; ids grow with every new record.
// If that entry no longer exists, everything counts as new (seen id 0).
// Counting stops at UNREAD_CAP, so a badge never reads a whole table.
import { sql, type SQL } from "drizzle-orm";
import { LEADS, type LeadKind } from "~/core/lead-kinds";
import { UNREAD_CAP } from "./view";
import { sourceTable } from "./queries.server";
import { statement, type DbEnv } from "~/db/sql.server";

export type InboxNumbers = Record<LeadKind, number>;

/**
 * A staff list with an unread mark: the table its ids come from and its name in inbox_seen. The three lead
 * inboxes are lists (`leadList`); so is the Repairs tab (app/repairs/list.server.ts).
 */
export interface SeenList {
  table: ReturnType<typeof sql.identifier>;
  inbox: string;
}

export const leadList = (kind: LeadKind): SeenList => ({ table: sourceTable(kind), inbox: LEADS[kind].inbox });

/** The id this account last saw in a list, or 0 if never seen or since deleted (a primary-key lookup). */
function seenIdSql(userId: number, list: SeenList): SQL {
  return sql`coalesce((SELECT t.id FROM inbox_seen s JOIN ${list.table} t ON t.id = s.last_seen_id
    WHERE s.user_id = ${userId} AND s.inbox = ${list.inbox}), 0)`;
}

/** How many entries of a list this account has not seen, counted up to UNREAD_CAP. */
export function unreadCountSql(userId: number, list: SeenList): SQL {
  return sql`(SELECT count(*) FROM (SELECT 1 FROM ${list.table} WHERE id > ${seenIdSql(userId, list)} LIMIT ${UNREAD_CAP}))`;
}

/** The id this account last saw in a list, as one statement for a batch (its row: `{ seen }`). */
export function seenIdQuery(env: DbEnv, userId: number, list: SeenList) {
  return statement(env, sql`SELECT ${seenIdSql(userId, list)} AS seen`);
}

/** Records the newest entry of a list as seen by this account (nothing if the list is empty). */
export function markSeenQuery(env: DbEnv, userId: number, list: SeenList) {
  // ORDER BY id DESC LIMIT 1 reads one row; max(id) inside a subquery would read the whole index.
  return statement(env, sql`INSERT INTO inbox_seen (user_id, inbox, last_seen_id)
    SELECT ${userId}, ${list.inbox}, id FROM (SELECT id FROM ${list.table} ORDER BY id DESC LIMIT 1) WHERE 1
    ON CONFLICT (user_id, inbox) DO UPDATE SET last_seen_id = excluded.last_seen_id`);
}

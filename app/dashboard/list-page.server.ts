// What the staff list pages (every list of the registry, app/core/staff-lists.ts) have in common: the shape they
// give their route, and the tab badges each loads in its own D1 batch.
import { sql } from "drizzle-orm";
import { STAFF_LISTS, type StaffList } from "~/core/staff-lists";
import { statement, type DbEnv } from "~/db/sql.server";
import { unreadCountSql } from "./unread.server";

/** The unread badge of every tab. */
export type TabBadges = Record<StaffList, number>;

export interface ListPageData<View, Row> {
  view: View;
  /** The view's canonical query string; live refreshes ask for exactly this view again. */
  viewKey: string;
  searchError: string | null;
  rows: Row[];
  newerHref: string | null;
  olderHref: string | null;
  unread: TabBadges;
  /** Rows with a higher id are shown as unread. */
  unreadAfter: number;
  loadedAt: number;
}

/** The one statement every tab page adds to its batch for the badges: a row of every tab's unread count. */
export function tabBadgesQuery(env: DbEnv, userId: number) {
  // Compiled SQL: one row of one count per list, each over a table named at run time (unread.server.ts).
  const columns = STAFF_LISTS.map((list) => sql`${unreadCountSql(userId, list)} AS ${sql.identifier(list)}`);
  return statement(env, sql`SELECT ${sql.join(columns, sql`, `)}`);
}

export function readTabBadges(result: D1Result): TabBadges {
  return (result.results as TabBadges[])[0]!;
}

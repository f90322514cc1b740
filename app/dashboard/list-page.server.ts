// What the staff list pages (a lead inbox, the Repairs tab) have in common: the shape they give their route, and
// the tab badges each loads in its own D1 batch.
import { sql } from "drizzle-orm";
import { LEAD_KINDS } from "~/core/lead-kinds";
import { statement, type DbEnv } from "~/db/sql.server";
import { leadList, unreadCountSql, type InboxNumbers, type SeenList } from "~/inbox/unread.server";
import { REPAIRS_LIST } from "~/repairs/list.server";

/** The unread badge of every tab: the three lead inboxes and the Repairs tab. */
export type TabBadges = InboxNumbers & { repair: number };

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
  const tabs: [keyof TabBadges, SeenList][] = [...LEAD_KINDS.map((kind) => [kind, leadList(kind)] as [keyof TabBadges, SeenList]), ["repair", REPAIRS_LIST]];
  const columns = tabs.map(([tab, list]) => sql`${unreadCountSql(userId, list)} AS ${sql.identifier(tab)}`);
  return statement(env, sql`SELECT ${sql.join(columns, sql`, `)}`);
}

export function readTabBadges(result: D1Result): TabBadges {
  return (result.results as TabBadges[])[0]!;
}

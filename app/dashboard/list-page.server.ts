// What the staff list pages (a lead inbox, the Repairs tab) have in common: the shape they give their route, and
// the tab badges each loads in its own D1 batch.
import type { DbEnv } from "~/db/sql.server";
import { unreadCountsQuery, type InboxNumbers } from "~/inbox/unread.server";
import { repairUnreadQuery } from "~/repairs/list.server";

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

/** The two statements every tab page adds to its batch for the badges; `readTabBadges` reads their results. */
export function tabBadgeQueries(env: DbEnv, userId: number) {
  return [unreadCountsQuery(env, userId), repairUnreadQuery(env, userId)] as const;
}

export function readTabBadges(leads: D1Result, repairs: D1Result): TabBadges {
  return { ...(leads.results as InboxNumbers[])[0]!, repair: (repairs.results as { unread: number }[])[0]!.unread };
}

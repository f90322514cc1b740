import { data, redirect } from "react-router";
import type { StaffUser } from "~/auth/session.server";
import { emptyStatement, runBatch } from "~/db/sql.server";
import { formatCalendarDay, formatStoreDateTime } from "~/core/store-time";
import { markSeenQuery, seenIdQuery } from "./unread.server";
import { planSearch, readRepairPage, repairPageQuery, type RepairRow } from "~/repairs/list.server";
import { isOverdue } from "~/core/repair-statuses";
import { formatEstimate } from "~/repairs/rules";
import { REPAIR_PAGE_SIZE, repairSearch, repairsHref, type RepairView } from "~/repairs/view";
import { parseRepairView } from "~/repairs/view";
import { isLiveRefresh, unreadAfterFor } from "./live-refresh";
import { readTabBadges, tabBadgesQuery, type ListPageData } from "./list-page.server";

export type RepairListRow = RepairRow & {
  unread: boolean;
  overdue: boolean;
  createdAtLabel: string;
  promisedLabel: string;
  estimateLabel: string;
};

export type RepairsData = ListPageData<RepairView, RepairListRow>;

/**
 * The Repairs tab for one staff account in one D1 batch, as the lead inboxes
 * load (app/dashboard/inbox-page.server.ts, docs/decisions/030): opening the tab marks
 * its newest repair as seen; a live refresh (`live=1`) does not.
 */
export async function loadRepairs(env: Env, user: StaffUser, url: URL) {
  const view = parseRepairView(url.searchParams);
  const live = isLiveRefresh(url.searchParams);
  const plan = planSearch(view.q);
  const searchError = "error" in plan ? plan.error : null;
  const match = "match" in plan ? plan.match : null;
  const now = Date.now();
  const nothing = emptyStatement(env);
  const [seenResult, rowsResult, , badges] = await runBatch(env, [
    seenIdQuery(env, user.id, "repairs"),
    searchError ? nothing : repairPageQuery(env, view, { match, limit: REPAIR_PAGE_SIZE, now }),
    !live && !view.cursor ? markSeenQuery(env, user.id, "repairs") : nothing,
    tabBadgesQuery(env, user.id),
  ]);
  const page = readRepairPage(view, rowsResult!.results as RepairRow[], REPAIR_PAGE_SIZE);
  if (view.cursor?.direction === "before" && !page.hasNewer) throw redirect(repairsHref({ ...view, cursor: null }));
  const seen = (seenResult!.results as { seen: number }[])[0]!.seen;
  const unreadAfter = unreadAfterFor(url.searchParams, seen);
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  const payload: RepairsData = {
    view,
    viewKey: repairSearch(view),
    searchError,
    rows: page.rows.map((row) => ({
      ...row,
      // A repair is never new to the clerk who logged it.
      unread: row.id > unreadAfter && row.createdBy !== user.email,
      overdue: isOverdue(row, now),
      createdAtLabel: formatStoreDateTime(row.createdAt),
      promisedLabel: formatCalendarDay(row.promisedDate),
      estimateLabel: formatEstimate(row.estimateCents),
    })),
    newerHref: page.hasNewer && first ? repairsHref({ ...view, cursor: { direction: "before", id: first.id } }) : null,
    olderHref: page.hasOlder && last ? repairsHref({ ...view, cursor: { direction: "after", id: last.id } }) : null,
    unread: readTabBadges(badges!),
    unreadAfter,
    loadedAt: now,
  };
  return data(payload, { status: searchError ? 400 : 200 });
}

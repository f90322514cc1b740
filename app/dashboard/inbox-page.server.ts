// The page's Server-Timing (D1's own duration and rows read, summed over the batch) is set here and passed on by the
// route's `headers`: hono/timing does not fit, as its setMetric needs hono's Context, which a React Router loader never sees.
import { data, redirect } from "react-router";
import { emptyStatement, runBatch } from "~/db/sql.server";
import type { StaffUser } from "~/auth/session.server";
import {
  inboxHref,
  inboxSearch,
  PAGE_SIZE,
  parseInboxView,
  type InboxView,
} from "~/inbox/view";
import { addDays } from "~/core/slots";
import { formatCalendarDay, formatStoreDateTime } from "~/core/store-time";
import {
  hasVisitsToday,
  leadPageQuery,
  planSearch,
  readLeadPage,
  storeDayAround,
  type Lead,
} from "~/inbox/queries.server";
import type { InboxRow } from "~/inbox/types";
import { LEADS } from "~/core/lead-kinds";
import { markSeenQuery, seenIdQuery } from "./unread.server";
import { isLiveRefresh, unreadAfterFor } from "./live-refresh";
import { readTabBadges, tabBadgesQuery, type ListPageData } from "./list-page.server";

export type InboxData = ListPageData<InboxView, InboxRow>;

/** "Today", "Tomorrow", or the day itself: "Sat, Nov 21, 2026". */
function dayHeading(date: string, today: string): string {
  if (date === today) return "Today";
  if (date === addDays(today, 1)) return "Tomorrow";
  return formatCalendarDay(date);
}

/**
 * One inbox page for one staff account, in a single D1 round trip (a batch,
 * which D1 runs as one transaction). Opening a tab records its newest entry as
 * seen; a live refresh (`live=1`, sent by an open dashboard when an event
 * arrives) does not, so new rows stay unread and the badge goes up until the
 * person opens the tab again. See docs/decisions/030.
 */
export async function loadInbox(env: Env, user: StaffUser, url: URL) {
  const now = Date.now();
  let view = parseInboxView(url.searchParams);
  // The clerk's start page: today's visits when there are any (docs/decisions/107).
  if (view.kind === "appointment" && !url.searchParams.has("when") && !view.cursor && (await hasVisitsToday(env, now))) {
    view = { ...view, when: "today" };
  }
  const live = isLiveRefresh(url.searchParams);
  const plan = planSearch(view.q);
  const searchError = "error" in plan ? plan.error : null;
  const match = "match" in plan ? plan.match : null;
  const markSeen = !live && !view.cursor;

  const nothing = emptyStatement(env);
  const results = await runBatch(env, [
    seenIdQuery(env, user.id, LEADS[view.kind].list),
    searchError ? nothing : leadPageQuery(env, view, { match, limit: PAGE_SIZE, now }),
    markSeen ? markSeenQuery(env, user.id, LEADS[view.kind].list) : nothing,
    tabBadgesQuery(env, user.id),
  ]);
  const [seenResult, rowsResult, , badges] = results;
  const seenBefore = (seenResult!.results as { seen: number }[])[0]!.seen;
  const page = readLeadPage(view, rowsResult!.results as Lead[], PAGE_SIZE);
  if (view.cursor?.direction === "before" && !page.hasBefore) {
    // Walked back to the start: show the real first page (and its address) instead of a short one.
    throw redirect(inboxHref({ ...view, cursor: null }));
  }

  const today = storeDayAround(now).date;
  const dayHeadings = view.kind === "appointment" && view.when !== "all";
  const unreadAfter = unreadAfterFor(url.searchParams, seenBefore);
  const payload: InboxData = {
    view,
    viewKey: inboxSearch(view),
    searchError,
    rows: page.leads.map((lead) => ({
      ...lead,
      unread: lead.id > unreadAfter,
      createdAtLabel: formatStoreDateTime(lead.createdAt),
      ...(lead.kind === "appointment" ? { dateLabel: formatCalendarDay(lead.date) } : {}),
      ...(lead.kind === "appointment" && dayHeadings ? { dayHeading: dayHeading(lead.date, today) } : {}),
    })),
    newerHref: page.hasBefore && page.first ? inboxHref({ ...view, cursor: { direction: "before", ...page.first } }) : null,
    olderHref: page.hasAfter && page.last ? inboxHref({ ...view, cursor: { direction: "after", ...page.last } }) : null,
    unread: readTabBadges(badges!),
    unreadAfter,
    loadedAt: now,
  };
  // What the page cost in D1, for browser dev tools and the scale test: it must stay flat as tables grow.
  const rowsRead = results.reduce((sum, result) => sum + (result.meta.rows_read ?? 0), 0);
  const duration = results.reduce((sum, result) => sum + (result.meta.duration ?? 0), 0);
  return data(payload, {
    status: searchError ? 400 : 200,
    headers: { "Server-Timing": `d1;dur=${duration.toFixed(1)};desc="${rowsRead} rows read"` },
  });
}

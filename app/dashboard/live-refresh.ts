// The live refresh of a staff list (an inbox, the Repairs tab), as the URL carries it: an open page asks its own
// loader for the same view with `live=1`, which marks nothing as seen, and says from which id rows are unread, so
// rows that arrived meanwhile stay unread and the badge goes up (docs/decisions/030). The browser builds the
// address and the page's loader reads it: one module, so the two always agree.

/** The address an open list refreshes itself from: its own path and view, plus the two live parameters. */
export function liveRefreshHref(path: string, viewKey: string, unreadAfter: number): string {
  return `${path}?${viewKey ? `${viewKey}&` : ""}live=1&unreadAfter=${unreadAfter}`;
}

/** Whether this load is a live refresh (then it marks nothing as seen). */
export function isLiveRefresh(params: URLSearchParams): boolean {
  return params.get("live") === "1";
}

/** Rows with a higher id show as unread: the page's own mark on a live refresh, else what the account had seen. */
export function unreadAfterFor(params: URLSearchParams, seen: number): number {
  const hint = Number(params.get("unreadAfter"));
  return isLiveRefresh(params) && Number.isSafeInteger(hint) && hint >= 0 ? hint : seen;
}

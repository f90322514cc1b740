// Which pages may load analytics (docs/decisions/099). A page whose address is
// a secret (an invitation, a visitor's manage link) or whose screen is the
// store's own business (sign-in, the dashboard, with its searches in the URL)
// loads none: a route says so in its `handle`; the root layout asks here.

export interface AnalyticsHandle {
  analytics?: false;
}

/** The handle of a page that loads no analytics. */
export const NO_ANALYTICS = { analytics: false } as const satisfies AnalyticsHandle;

export function pageAllowsAnalytics(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as AnalyticsHandle | undefined)?.analytics === false);
}

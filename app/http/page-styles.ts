// Which stylesheet a page loads (docs/decisions/081). Public pages load the
// whole design system in one render-blocking file; the staff pages load their
// own: the same tokens, type, components and fields plus the dashboard's styles,
// without the public site's chrome, pages and lead forms. A staff route says so
// in its `handle`; the root layout asks here.

export interface StyleHandle {
  styles?: "staff";
}

/** The handle of a staff page: sign-in, the invitation page and everything under /dashboard. */
export const STAFF_STYLES = { styles: "staff" } as const satisfies StyleHandle;

export type PageStyles = "site" | "staff";

export function pageStyles(matches: readonly { handle?: unknown }[]): PageStyles {
  return matches.some((match) => (match.handle as StyleHandle | undefined)?.styles === "staff") ? "staff" : "site";
}

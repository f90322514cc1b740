import type { MiddlewareHandler } from "hono";
import { LEAD_KINDS, LEADS } from "../app/core/lead-kinds.ts";

// Instant navigation (docs/decisions/072): browsers that support Speculation
// Rules prerender a same-origin page when the visitor hovers or touches a link
// to it (moderate eagerness). The rules travel in the Speculation-Rules header
// of every HTML page, pointing at this JSON file, so no inline script (and no
// nonce) is needed. Nothing with side effects or for staff is ever speculated.

export const SPECULATION_RULES_PATH = "/speculation-rules.json";
/** The header that points a page at the rules: set by the Worker on its pages, by `_headers` on static ones. */
export const SPECULATION_RULES_HEADER: [string, string] = ["Speculation-Rules", `"${SPECULATION_RULES_PATH}"`];
export const SPECULATION_RULES_FILE_HEADERS: [string, string][] = [
  ["Content-Type", "application/speculationrules+json"],
  ["Cache-Control", "public, max-age=300"],
];

/** Paths never loaded ahead: signing out, the staff area, the room, files to download. */
const NEVER = ["/logout", "/logout?*", "/login", "/login?*", "/dashboard", "/dashboard/*", "/dashboard?*", "/parties/*", "/book/calendar.ics*"];
/** Form pages render a visitor's own token and run React: fetched ahead, not prerendered. */
const FORM_PAGES = LEAD_KINDS.map((kind) => LEADS[kind].formPath);
const OTHER_SITES_AND_DOWNLOADS = { not: { selector_matches: "[rel~='nofollow'], [download], [target='_blank']" } };

const SPECULATION_RULES = {
  prerender: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: [...NEVER, ...FORM_PAGES, ...FORM_PAGES.map((path) => `${path}?*`)] } },
          OTHER_SITES_AND_DOWNLOADS,
        ],
      },
      eagerness: "moderate",
    },
  ],
  prefetch: [
    {
      source: "document",
      where: { and: [{ href_matches: FORM_PAGES }, OTHER_SITES_AND_DOWNLOADS] },
      eagerness: "moderate",
    },
  ],
};

export const RULES_BODY = JSON.stringify(SPECULATION_RULES);

/** Serves the rules file, and points every HTML page at it. */
export function speculationRules(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path === SPECULATION_RULES_PATH && (c.req.method === "GET" || c.req.method === "HEAD")) {
      return new Response(c.req.method === "HEAD" ? null : RULES_BODY, { headers: SPECULATION_RULES_FILE_HEADERS });
    }
    await next();
    // Documents are rendered here or come from the page cache, so their headers can be set.
    if ((c.res.headers.get("Content-Type") ?? "").startsWith("text/html")) {
      c.res.headers.set(...SPECULATION_RULES_HEADER);
    }
  };
}

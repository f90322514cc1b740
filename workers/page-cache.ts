import { STAFF_SESSION_COOKIE, TOAST_COOKIE } from "../app/http/cookie-names";

// What may be answered from a copy shared by visitors. Content pages are static files
// (docs/decisions/138); what is left here is the form pages' templates (form-page-stamp.ts).

/** Set by vite.config.ts, different for every build: a deploy never serves an older build's HTML. */
declare const __BUILD_VERSION__: string | undefined;
export const BUILD_VERSION = typeof __BUILD_VERSION__ === "string" ? __BUILD_VERSION__ : "dev";

/** STAMPED (a form page copied from its template) or absent: for the benchmark and for debugging. */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

function hasCookie(request: Request, name: string): boolean {
  const cookie = request.headers.get("Cookie") ?? "";
  return cookie.split(";").some((part) => part.trim().startsWith(`${name}=`));
}

/** Whether this request may be answered from a shared copy at all (a stamped form page). */
export function mayUseCache(request: Request): boolean {
  // `npm run dev` edits pages without a new build version: a kept copy would hide the edit.
  if (import.meta.env.DEV) return false;
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  // Staff see the site as anyone else, but their requests never share a copy;
  // a flash toast makes the page differ (and is cleared by the render).
  return !hasCookie(request, STAFF_SESSION_COOKIE) && !hasCookie(request, TOAST_COOKIE);
}

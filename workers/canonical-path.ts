import type { MiddlewareHandler } from "hono";
import { NOINDEX_PAGES, PUBLIC_PAGES } from "../app/config/navigation";
import { LEADS } from "../app/core/lead-kinds";

// One URL per page: "/services/" answers 301 to "/services" (query kept), and so
// do "/Services" and "/%73ervices", so links, caches and search engines never see
// two copies of a page, and no spelling makes the Worker render a page again
// (docs/decisions/014). Only GET and HEAD are redirected; a form post is never
// turned into a GET.

/** Every public page's path, by its lowercase spelling. */
const PAGE_PATHS = new Map(
  [...PUBLIC_PAGES.map((page) => page.to), ...NOINDEX_PAGES.map((page) => page.to), ...Object.values(LEADS).map((lead) => lead.formPath)].map((path) => [path.toLowerCase(), path]),
);

function lowercaseDecoded(pathname: string): string {
  try {
    return decodeURIComponent(pathname).toLowerCase();
  } catch {
    return pathname.toLowerCase();
  }
}

/**
 * The canonical form of a path: no trailing slash (except "/"), one leading
 * slash, and a public page's own spelling whatever the letter case or escapes.
 */
export function canonicalPathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "").replace(/^\/{2,}/, "/") || "/";
  return PAGE_PATHS.get(lowercaseDecoded(trimmed)) ?? trimmed;
}

export function canonicalRedirect(request: Request): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  const canonical = canonicalPathname(url.pathname);
  if (canonical === url.pathname) return null;
  // An absolute Location on our own origin: "//host/" can never become an off-site redirect.
  // No Cache-Control of its own: like every answer but a 200, it leaves `private, no-store`
  // (app/http/cache-policy.ts), so a page renamed by a later deploy is never held by a browser's old redirect.
  const target = new URL(url);
  target.pathname = canonical;
  return new Response(null, { status: 301, headers: { Location: target.href } });
}

export function canonicalPath(): MiddlewareHandler {
  return async (c, next) => {
    const redirect = canonicalRedirect(c.req.raw);
    if (redirect) return redirect;
    await next();
  };
}

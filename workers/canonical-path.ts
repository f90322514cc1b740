import type { MiddlewareHandler } from "hono";

// One URL per page: "/services/" answers 301 to "/services" (query kept), so
// links, caches and search engines never see two copies of a page. Only GET and
// HEAD are redirected; a form post is never turned into a GET.

/** The canonical form of a path: no trailing slash (except "/"), one leading slash. */
export function canonicalPathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "").replace(/^\/{2,}/, "/");
  return trimmed === "" ? "/" : trimmed;
}

export function canonicalRedirect(request: Request): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  const canonical = canonicalPathname(url.pathname);
  if (canonical === url.pathname) return null;
  // An absolute Location on our own origin: "//host/" can never become an off-site redirect.
  const target = new URL(url);
  target.pathname = canonical;
  return new Response(null, { status: 301, headers: { Location: target.href, "Cache-Control": "public, max-age=3600" } });
}

export function canonicalPath(): MiddlewareHandler {
  return async (c, next) => {
    const redirect = canonicalRedirect(c.req.raw);
    if (redirect) return redirect;
    await next();
  };
}

import { STAFF_SESSION_COOKIE, TOAST_COOKIE } from "../app/http/cookie-names";
import { STATIC_DOCUMENT_HEADER } from "../app/http/page-scripts";

// Content pages' HTML, cached in front of the render with the Workers Cache API
// (docs/decisions/071). A content page runs no script and carries no nonce, form
// token or toast (docs/decisions/070), so one copy serves every visitor. The
// security headers are not part of the copy: the middleware around this sets
// them on every answer, hits included.

/** Set by vite.config.ts, different for every build: a deploy never serves an older build's HTML. */
declare const __BUILD_VERSION__: string | undefined;
export const BUILD_VERSION = typeof __BUILD_VERSION__ === "string" ? __BUILD_VERSION__ : "dev";

/** HIT, MISS (rendered, and a copy stored), or BYPASS (the request or its answer may not be shared). */
export const PAGE_CACHE_HEADER = "X-Page-Cache";
/** The build a response was rendered by: for debugging, and for the tests to build a key. */
export const BUILD_VERSION_HEADER = "X-Build-Version";

type CacheStatus = "HIT" | "MISS" | "BYPASS";

/**
 * The cache key: the page's URL (origin included: canonical links and JSON-LD
 * name it) plus the build and the settings that change the HTML without a build.
 */
export function pageCacheKey(url: URL, version: string, env: Pick<Env, "GA_MEASUREMENT_ID">): Request {
  const key = new URL(url.pathname + url.search, url.origin);
  key.searchParams.set("__page-cache", `${version}.${env.GA_MEASUREMENT_ID ?? ""}`);
  return new Request(key.href, { method: "GET" });
}

function hasCookie(request: Request, name: string): boolean {
  const cookie = request.headers.get("Cookie") ?? "";
  return cookie.split(";").some((part) => part.trim().startsWith(`${name}=`));
}

/** Whether this request may be answered from the cache at all. */
function mayUseCache(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  // Staff see the site as anyone else, but their requests never share a copy;
  // a flash toast makes the page differ (and is cleared by the render).
  return !hasCookie(request, STAFF_SESSION_COOKIE) && !hasCookie(request, TOAST_COOKIE);
}

/** Whether a rendered answer is a content page that is the same for everyone. */
function mayStore(request: Request, response: Response): boolean {
  return (
    request.method === "GET" &&
    response.status === 200 &&
    response.headers.get(STATIC_DOCUMENT_HEADER) === "1" &&
    !response.headers.has("Set-Cookie") &&
    /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "")
  );
}

function mark(response: Response, status: CacheStatus): Response {
  response.headers.set(PAGE_CACHE_HEADER, status);
  response.headers.set(BUILD_VERSION_HEADER, BUILD_VERSION);
  return response;
}

/**
 * Answers a page request from the cache, or renders it and keeps a copy when
 * the answer is a content page for everyone.
 */
export async function cachedPage(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  render: () => Promise<Response>,
): Promise<Response> {
  if (!mayUseCache(request)) return mark(await render(), "BYPASS");

  // The DOM library's CacheStorage (in this project's tsconfig) hides workerd's `default`.
  const cache = (caches as unknown as { default: Cache }).default;
  const key = pageCacheKey(new URL(request.url), BUILD_VERSION, env);
  const hit = await cache.match(key);
  if (hit) {
    return mark(new Response(request.method === "HEAD" ? null : hit.body, hit), "HIT");
  }

  const response = await render();
  if (!mayStore(request, response)) return mark(response, "BYPASS");
  ctx.waitUntil(cache.put(key, response.clone()));
  return mark(response, "MISS");
}

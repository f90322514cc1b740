import { STAFF_SESSION_COOKIE, TOAST_COOKIE } from "../app/http/cookie-names";
import { STATIC_DOCUMENT_HEADER } from "../app/http/page-scripts";
import { currentSettings, prebuiltPage } from "./prebuilt-pages";

// Content pages' HTML, cached in front of the render with the Workers Cache API
// (docs/decisions/071). A content page runs no script and carries no nonce, form
// token or toast (docs/decisions/070), so one copy serves every visitor. The
// security headers are not part of the copy: the middleware around this sets
// them on every answer, hits included.

/** Set by vite.config.ts, different for every build: a deploy never serves an older build's HTML. */
declare const __BUILD_VERSION__: string | undefined;
export const BUILD_VERSION = typeof __BUILD_VERSION__ === "string" ? __BUILD_VERSION__ : "dev";

/**
 * HIT, PREBUILT (a miss answered with the build's own render: docs/decisions/083),
 * MISS (rendered, and a copy stored), or BYPASS (the request or its answer may not be shared).
 */
export const PAGE_CACHE_HEADER = "X-Page-Cache";
/** The build a response was rendered by: for debugging, and for the tests to build a key. */
export const BUILD_VERSION_HEADER = "X-Build-Version";

type CacheStatus = "HIT" | "PREBUILT" | "MISS" | "BYPASS";

/**
 * The cache key: the page's origin (canonical links and JSON-LD name it) and
 * path, plus the build and the settings that change the HTML without a build.
 * Not the query: a content page renders nothing from it, so a link with
 * `?utm_source=…` or an ad's click id is the same page, one copy, and no query
 * makes the Worker render it again.
 */
export function pageCacheKey(url: URL, version: string, env: Pick<Env, "GA_MEASUREMENT_ID">): Request {
  const key = new URL(url.pathname, url.origin);
  key.searchParams.set("__page-cache", `${version}.${env.GA_MEASUREMENT_ID ?? ""}`);
  return new Request(key.href, { method: "GET" });
}

function hasCookie(request: Request, name: string): boolean {
  const cookie = request.headers.get("Cookie") ?? "";
  return cookie.split(";").some((part) => part.trim().startsWith(`${name}=`));
}

/** Whether this request may be answered from a shared copy at all (the page cache, a stamped form page). */
export function mayUseCache(request: Request): boolean {
  // `npm run dev` edits pages without a new build version: a kept copy would hide the edit.
  if (import.meta.env.DEV) return false;
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
 * A copy this isolate already read or stored: answered without a round trip to
 * the cache. Same key, same lifetime as the Cache API's copy (the key carries the
 * build, so an entry can only ever be this build's page). Small: a few dozen
 * pages of ~60 KB.
 */
interface MemoryCopy {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
  expires: number;
}
const memory = new Map<string, MemoryCopy>();
const MEMORY_ENTRIES = 48;
const MEMORY_SECONDS = 300;

async function remember(key: Request, response: Response): Promise<void> {
  keep(key, await response.arrayBuffer(), response.status, [...response.headers]);
}

function keep(key: Request, body: ArrayBuffer, status: number, headers: [string, string][]): void {
  memory.delete(key.url);
  memory.set(key.url, { body, status, headers, expires: Date.now() + MEMORY_SECONDS * 1000 });
  // Map keeps insertion order: the first key is the least recently stored.
  while (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value!);
}

function recall(key: Request): MemoryCopy | undefined {
  const copy = memory.get(key.url);
  if (copy && copy.expires <= Date.now()) memory.delete(key.url);
  return copy && copy.expires > Date.now() ? copy : undefined;
}

/**
 * Answers a page request from this isolate's memory, else from the build's own
 * render of the page, else from the Cache API, else renders it and keeps a copy
 * when the answer is a content page for everyone.
 */
export async function cachedPage(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  render: () => Promise<Response>,
): Promise<Response> {
  if (!mayUseCache(request)) return mark(await render(), "BYPASS");

  const url = new URL(request.url);
  const key = pageCacheKey(url, BUILD_VERSION, env);
  const bodyFor = (body: BodyInit | null) => (request.method === "HEAD" ? null : body);
  const remembered = recall(key);
  if (remembered) {
    return mark(new Response(bodyFor(remembered.body), { status: remembered.status, headers: remembered.headers }), "HIT");
  }

  // Before the Cache API: while the build's page fits, nothing is ever stored there
  // under this key, so asking it first would only cost every miss a lookup. The
  // prebuilt page is already shared by every isolate (a static asset of this
  // deploy), so it is only remembered here, never copied to the Cache API.
  const prebuilt = await prebuiltPage(url, env, currentSettings(BUILD_VERSION, env));
  if (prebuilt) {
    const body = new TextEncoder().encode(prebuilt.body).buffer;
    // The build kept only pages the renderer marked static (070): the policy needs no nonce.
    const headers: [string, string][] = [...Object.entries(prebuilt.headers), [STATIC_DOCUMENT_HEADER, "1"]];
    keep(key, body, 200, headers);
    return mark(new Response(bodyFor(body), { status: 200, headers }), "PREBUILT");
  }

  // The DOM library's CacheStorage (in this project's tsconfig) hides workerd's `default`.
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = await cache.match(key);
  if (hit) {
    if (request.method !== "HEAD") ctx.waitUntil(remember(key, hit.clone()));
    return mark(new Response(bodyFor(hit.body), hit), "HIT");
  }

  const response = await render();
  if (!mayStore(request, response)) return mark(response, "BYPASS");
  // Memory is filled by the next request, from the Cache API: a miss stays one copy cheaper.
  ctx.waitUntil(cache.put(key, response.clone()));
  return mark(response, "MISS");
}

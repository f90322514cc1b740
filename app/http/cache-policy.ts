// Who may keep a copy of a response. A route opts in to shared caching with a
// `headers` export (the public layout does, for every public page); the Worker
// then checks the one response actually produced, and anything that could
// differ per visitor is forced to `private, no-store`. See docs/decisions/041.

/** Browsers always revalidate; a shared cache (CDN) may serve it for 5 minutes, then stale while it refetches. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";
export const NEVER_CACHE = "private, no-store";

/** Staff pages and the room: never shared, whatever a route says. */
const STAFF_PATH = /^\/(dashboard|login|logout|parties)(?=[/.]|$)/i;

function isSharedCacheable(request: Request, response: Response): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  // Form errors (400), failures (5xx), redirects after a post and 404s all stay private.
  if (response.status !== 200) return false;
  // A flash toast is read (and cleared) with a Set-Cookie; so is a sign-in.
  if (response.headers.has("Set-Cookie")) return false;
  if (STAFF_PATH.test(new URL(request.url).pathname)) return false;
  const cacheControl = (response.headers.get("Cache-Control") ?? "").toLowerCase();
  return /\bpublic\b/.test(cacheControl) && !/\b(private|no-store|no-cache)\b/.test(cacheControl);
}

export function applyCachePolicy(request: Request, response: Response): void {
  if (isSharedCacheable(request, response)) {
    // The same URL renders differently for a visitor holding a flash-toast
    // cookie; a cache that honours Vary must not hand them the shared copy.
    response.headers.append("Vary", "Cookie");
    return;
  }
  response.headers.set("Cache-Control", NEVER_CACHE);
}

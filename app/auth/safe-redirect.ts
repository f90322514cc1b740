// Only paths on this site are followed after sign-in; anything else falls back
// to the dashboard. String checks refuse the classic tricks ("//evil.example",
// "/\evil.example", control characters); resolving against a placeholder origin
// then proves the browser would stay on this origin.
const PLACEHOLDER_ORIGIN = "http://this-site.invalid";
const MAX_LENGTH = 2048;

export function safeRedirectPath(target: unknown, fallback = "/dashboard"): string {
  if (
    typeof target !== "string" ||
    target.length > MAX_LENGTH ||
    !target.startsWith("/") ||
    target.startsWith("//") ||
    target.includes("\\") ||
    // eslint-disable-next-line no-control-regex -- refuse control characters in a redirect target
    /[\u0000-\u001F\u007F]/.test(target)
  ) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  return url.pathname + url.search + url.hash;
}

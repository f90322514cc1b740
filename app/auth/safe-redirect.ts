// Kept over remix-utils' safeRedirect: it checks the string only; this one also resolves it and checks the normalized path (decision 121).
// Only paths on this site are followed after sign-in; anything else falls back
// to the dashboard. String checks refuse the classic tricks ("//evil.example",
// "/\evil.example", control characters); resolving against a placeholder origin
// then proves the browser would stay on this origin. Resolving also normalizes
// the path ("/.//evil.example" becomes "//evil.example"), so the result is
// checked again: only a target that is already in its final, safe form is kept.
const PLACEHOLDER_ORIGIN = "http://this-site.invalid";
const MAX_LENGTH = 2048;

/** A same-site absolute path with nothing a browser could read as another host. */
function looksSafe(target: unknown): target is string {
  return (
    typeof target === "string" &&
    target.length <= MAX_LENGTH &&
    target.startsWith("/") &&
    !target.startsWith("//") &&
    !target.includes("\\") &&
    // eslint-disable-next-line no-control-regex -- refuse control characters in a redirect target
    !/[\u0000-\u001F\u007F]/.test(target)
  );
}

/** The path as the browser would resolve it on this site, or null if it would leave. */
function resolved(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  return url.pathname + url.search + url.hash;
}

export function safeRedirectPath(target: unknown, fallback = "/dashboard"): string {
  if (!looksSafe(target)) return fallback;
  const path = resolved(target);
  // Check after the transformation too, and insist the result is stable: what
  // goes into Location must resolve to itself, on this origin.
  if (path === null || !looksSafe(path) || resolved(path) !== path) return fallback;
  return path;
}

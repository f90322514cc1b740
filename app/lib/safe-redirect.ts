/** Only same-site paths are followed after sign-in; anything else falls back to the dashboard. */
export function safeRedirectPath(target: unknown, fallback = "/dashboard"): string {
  if (
    typeof target !== "string" ||
    !target.startsWith("/") ||
    target.startsWith("//") ||
    target.includes("\\") ||
    // eslint-disable-next-line no-control-regex -- refuse control characters in a redirect target
    /[\u0000-\u001F]/.test(target)
  ) {
    return fallback;
  }
  return target;
}

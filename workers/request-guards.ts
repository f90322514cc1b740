// Checks every state-changing request before React Router sees it, so each
// route action can assume a same-origin form post of a sane size.

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
export const MAX_BODY_BYTES = 64 * 1024;

/** A request whose Origin (or, failing that, Referer) is another site. Absent headers pass: browsers always send one on POST. */
export function isSameOrigin(request: Request): boolean {
  const expected = new URL(request.url).origin;
  const origin = request.headers.get("Origin");
  if (origin) return origin === expected;
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      return new URL(referer).origin === expected;
    } catch {
      return false;
    }
  }
  return true;
}

export function rejectUnsafeRequest(request: Request): Response | null {
  if (!STATE_CHANGING.has(request.method)) return null;
  if (!isSameOrigin(request)) {
    return plain(403, "This form must be sent from this website.");
  }
  const contentType = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!FORM_TYPES.some((type) => contentType.startsWith(type))) {
    return plain(415, "Send this form as a regular web form.");
  }
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_BODY_BYTES) {
    return plain(413, "This submission is too large.");
  }
  return null;
}

function plain(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

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
  if (!(length <= MAX_BODY_BYTES)) {
    return plain(413, "This submission is too large.");
  }
  return null;
}

/**
 * rejectUnsafeRequest, then the body itself: read once, never past the limit
 * (a chunked upload declares no length), and parsed as a form, so an action's
 * `request.formData()` cannot fail. Returns the request to hand on (with the
 * body already buffered) or the refusal to send.
 */
export async function guardRequest(request: Request): Promise<Request | Response> {
  const rejection = rejectUnsafeRequest(request);
  if (rejection) return rejection;
  if (!STATE_CHANGING.has(request.method)) return request;

  const body = await readBodyWithinLimit(request, MAX_BODY_BYTES);
  if (!body) return plain(413, "This submission is too large.");
  const buffered = new Request(request, { body });
  try {
    await buffered.clone().formData();
  } catch {
    return plain(400, "We couldn't read this form. Please reload the page and try again.");
  }
  return buffered;
}

/** The body's bytes, or null as soon as it grows past `limit`. */
async function readBodyWithinLimit(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function plain(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { limitedBody } from "../app/http/body-limit";
import { NEVER_CACHE } from "../app/http/cache-policy";
import { ORIGIN_CHECK_EXEMPT_PATHS, UPLOAD_ROUTES, uploadRouteFor, type UploadRoute } from "../app/post-policies";

// Checks every state-changing request before React Router sees it, so each
// route action can assume a same-origin form post of a sane size that parses.
// hono's csrf and bodyLimit do the first two; the form checks are ours.
// Every body is capped at 64 KB except a multipart post to a route in
// UPLOAD_ROUTES (uploadRouteFor), which takes files and reads its own body as it streams.
// Which routes those are, and which skip the origin check, the app declares
// (app/post-policies.ts): nothing here knows a route by name.

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const MAX_BODY_BYTES = 64 * 1024;

/** What a refused request reads, by status: plain words a person can act on. */
const REFUSALS: Record<number, string> = {
  400: "We couldn't read this form. Please reload the page and try again.",
  403: "This form must be sent from this website.",
  413: "This submission is too large.",
  415: "Send this form as a regular web form.",
};

function refusal(status: keyof typeof REFUSALS & number, message = REFUSALS[status]): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NEVER_CACHE },
  });
}

/** hono's guards throw HTTPException; this gives their refusals our words (app.onError). */
export function refusalFor(error: HTTPException): Response {
  return error.status in REFUSALS ? refusal(error.status) : error.getResponse();
}

/** A websocket upgrade's Origin (a GET, which csrf leaves alone): absent passes, browsers always send one. */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  return !origin || origin === new URL(request.url).origin;
}

/** Only forms may post here. */
const formsOnly: MiddlewareHandler = async (c, next) => {
  const contentType = (c.req.header("Content-Type") ?? "").toLowerCase();
  if (!FORM_TYPES.some((type) => contentType.startsWith(type))) return refusal(415);
  await next();
};

/** The body (already within the size limit) must parse, so an action's `request.formData()` cannot fail. */
const parsesAsForm: MiddlewareHandler = async (c, next) => {
  try {
    await c.req.raw.clone().formData();
  } catch {
    return refusal(400);
  }
  await next();
};

/**
 * Posts must come from this site's pages, except to the paths the app declares
 * exempt (ORIGIN_CHECK_EXEMPT_PATHS): Twilio's servers post received texts and
 * delivery reports there with no Origin at all, and their handlers accept only
 * requests carrying Twilio's signature over the URL and every parameter, a
 * stronger check than an Origin (docs/decisions/068 and 082). The other guards
 * (forms only, size, parsing) still apply to them.
 */
const sameOrigin = csrf();
const sameOriginExceptExempt: MiddlewareHandler = (c, next) =>
  ORIGIN_CHECK_EXEMPT_PATHS.has(c.req.path) ? next() : sameOrigin(c, next);

const guards = every(
  sameOriginExceptExempt,
  formsOnly,
  bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => refusal(413) }),
  parsesAsForm,
);

/**
 * Reads and discards whatever body an answer left unread, before the answer goes out.
 * The local runtime (miniflare's entry worker, behind both `vite preview` and `wrangler dev`)
 * drops the connection when a Worker answers while the client is still sending, and the
 * visitor then gets a 500 instead of our 413 (or 403, 415, 400). Node's own HTTP server drains
 * unread bodies the same way. Nothing read here is kept. See docs/decisions/045.
 *
 * The guards and routes get the body through a relay that reads only when they ask, and this
 * middleware keeps the reader of the body as it came: what they left, whether they never read
 * it or gave up half-way (hono's `bodyLimit` at 64 KB of a chunked body, the order form's reader
 * at a photo over 10 MB), is still this middleware's to read to the end.
 */
export function drainUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const received = oneReadAtATime(body);
    c.req.raw = new Request(c.req.raw, { body: relayOnDemand(received) });
    await next();
    try {
      while (!(await received()).done);
    } catch {
      // The client went away; there is nothing left to drain.
    }
  };
}

type ReadNext = () => Promise<ReadableStreamReadResult<Uint8Array>>;

/** The body's reads, one after another: workerd refuses a read while another is pending (the relay's, the drain's). */
function oneReadAtATime(body: ReadableStream<Uint8Array>): ReadNext {
  const reader = body.getReader();
  let previous: Promise<unknown> = Promise.resolve();
  return () => {
    const next = previous.then(() => reader.read());
    previous = next.catch(() => undefined);
    return next;
  };
}

/** A stream that reads the body only as its own reader asks; cancelling it leaves the rest to the drain. */
function relayOnDemand(readNext: ReadNext): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await readNext();
        if (cancelled) return; // a read that was under way when the reader gave up: the drain's now
        if (done) controller.close();
        else controller.enqueue(value);
      },
      // Not passed on to the body: cancelling it is what the local runtime cannot take (decision 045).
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A multipart post to an upload route: a declared length over the route's limit is
 * refused before a byte is read; a body of unknown length is counted as the route
 * reads it (never held whole), and the route answers 413 when it runs over
 * (app/http/body-limit.ts). Whether it parses is the route's own reader's to say.
 */
function uploadLimit(route: UploadRoute): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header("Content-Length");
    if (declared !== undefined && !c.req.header("Transfer-Encoding")) {
      if (!(Number(declared) <= route.maxBytes)) return refusal(413, route.tooLarge);
    } else if (c.req.raw.body) {
      c.req.raw = new Request(c.req.raw, { body: limitedBody(c.req.raw.body, route.maxBytes) });
    }
    await next();
  };
}

/** The origin check and the route's own limit, for each upload route. */
const uploadGuards = new Map(Object.values(UPLOAD_ROUTES).map((route) => [route, every(sameOrigin, uploadLimit(route))]));

export function requestGuards(): MiddlewareHandler {
  return (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const upload = uploadRouteFor(new URL(c.req.url).pathname);
    const multipart = (c.req.header("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
    return (upload && multipart ? uploadGuards.get(upload)! : guards)(c, next);
  };
}

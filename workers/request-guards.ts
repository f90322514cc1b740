import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { NEVER_CACHE } from "../app/http/cache-policy";
import { SMS_WEBHOOK_PATH } from "../app/mail/sms-inbound.server";

// Checks every state-changing request before React Router sees it, so each
// route action can assume a same-origin form post of a sane size that parses.
// hono's csrf and bodyLimit do the first two; the form checks are ours.

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

function refusal(status: keyof typeof REFUSALS & number): Response {
  return new Response(REFUSALS[status], {
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
 * Posts must come from this site's pages, with one exception: Twilio's servers
 * post received texts to the SMS webhook with no Origin at all. That path's
 * handler accepts only requests carrying Twilio's signature over the URL and
 * every parameter, which is a stronger check than an Origin (docs/decisions/068).
 * The other guards (forms only, size, parsing) still apply to it.
 */
const sameOrigin = csrf();
const sameOriginExceptSmsWebhook: MiddlewareHandler = (c, next) =>
  c.req.path === SMS_WEBHOOK_PATH ? next() : sameOrigin(c, next);

const guards = every(
  sameOriginExceptSmsWebhook,
  formsOnly,
  bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => refusal(413) }),
  parsesAsForm,
);

export function requestGuards(): MiddlewareHandler {
  return (c, next) => (STATE_CHANGING.has(c.req.method) ? guards(c, next) : next());
}

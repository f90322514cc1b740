import type { MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { measurementId } from "../app/config/analytics";
import { applyCachePolicy } from "../app/http/cache-policy";
import { contentSecurityPolicy, fixedHeaders, STRICT_TRANSPORT_SECURITY } from "./header-list";
import { isProductionHost } from "./https-only";
import { STATIC_DOCUMENT_HEADER } from "../app/http/page-scripts";
import type { WorkerEnv } from "./worker-env";

// The headers on every response the Worker answers, refusals and errors included,
// from the one list in header-list.ts. The Content-Security-Policy is set here per
// request, because it names the request's nonce and websocket origin, which
// secureHeaders' static directive list cannot express (docs/decisions/044). What
// Static Assets answer without the Worker gets the same list from the build's
// `_headers` (docs/decisions/138).

/** 128 random bits, base64: a fresh one for every response. */
function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The per-request policy: a fresh nonce before the handler runs (React Router
 * renders its scripts with it, read through the request context), and the
 * policy naming that nonce on whatever response comes back.
 */
const requestPolicy: MiddlewareHandler<WorkerEnv> = async (c, next) => {
  const nonce = createNonce();
  c.set("nonce", nonce);
  await next();
  const url = new URL(c.req.url);
  const headers = c.res.headers;
  // A content page (rendered now or from the page cache) names no nonce.
  const staticDocument = headers.get(STATIC_DOCUMENT_HEADER) === "1";
  headers.delete(STATIC_DOCUMENT_HEADER);
  const https = url.protocol === "https:";
  headers.set(
    "Content-Security-Policy",
    contentSecurityPolicy({
      nonce: staticDocument ? null : nonce,
      analytics: Boolean(measurementId),
      websocketOrigin: `${https ? "wss" : "ws"}://${url.host}`,
      upgradeInsecureRequests: https,
      // npm run dev: the content pages' reload script (app/components/site/dev-reload.tsx).
      devReload: import.meta.env.DEV,
    }),
  );
  if (https || isProductionHost(url)) headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  applyCachePolicy(c.req.raw, c.res);
};

/**
 * Responses from a subrequest (the room's stub) have immutable headers, and a
 * websocket upgrade (101) cannot be copied the ordinary way: give both a
 * response whose headers can be set, so no answer leaves without them.
 */
const mutableResponse: MiddlewareHandler = async (c, next) => {
  await next();
  const response = c.res;
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return;
  } catch {
    // immutable: replaced below
  }
  const copy =
    response.status === 101
      ? new Response(null, { status: 101, webSocket: response.webSocket, headers: response.headers })
      : new Response(response.body, response);
  // Hono copies the old headers onto a replacement response; clear it first so ours win.
  c.res = undefined;
  c.res = copy;
};

export function securityHeaders(): MiddlewareHandler<WorkerEnv> {
  return every(requestPolicy, fixedHeaders, mutableResponse);
}

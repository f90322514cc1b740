import type { MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { secureHeaders } from "hono/secure-headers";
import { applyCachePolicy } from "../app/http/cache-policy";
import { isProductionHost } from "./https-only";
import { STATIC_DOCUMENT_HEADER } from "../app/http/page-scripts";
import type { WorkerEnv } from "./worker-env";

// One place for the headers every response the Worker answers carries,
// refusals and errors included. The fixed ones come from hono's secureHeaders;
// the Content-Security-Policy is built here per request, because it depends on
// the request (its nonce, scheme and host) and on the analytics setting, which
// secureHeaders' static directive list cannot express (docs/decisions/044).
// Files served straight from Workers Static Assets never reach the Worker: they
// get the same headers from public/_headers (see docs/decisions/040).

/** Where GA4's gtag.js loads from and reports to (Google's documented CSP for GA4). */
const ANALYTICS_SCRIPT_HOSTS = ["https://www.googletagmanager.com"];
const ANALYTICS_CONNECT_HOSTS = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];
const ANALYTICS_IMAGE_HOSTS = ["https://*.google-analytics.com", "https://*.googletagmanager.com"];

/**
 * The only thing this site frames: the Google Maps embed on the contact page
 * (mapsEmbedUrl in app/config/store.ts, https://www.google.com/maps?q=...&output=embed).
 * No trailing slash: a CSP path without one matches exactly "/maps", with any query.
 */
export const MAP_FRAME_SOURCE = "https://www.google.com/maps";

const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** 128 random bits, base64: a fresh one for every response. */
function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export interface PolicyOptions {
  /**
   * This response's nonce; null for a page that runs no script of React's
   * (docs/decisions/070), whose HTML is cached and so must not name one.
   */
  nonce: string | null;
  /** GA_MEASUREMENT_ID is set, so gtag.js and its beacons must be allowed. */
  analytics: boolean;
  /** The page's own URL: the websocket origin and https-only directives come from it. */
  url: URL;
}

export function contentSecurityPolicy({ nonce, analytics, url }: PolicyOptions): string {
  const https = url.protocol === "https:";
  const websocket = `${https ? "wss" : "ws"}://${url.host}`;
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // 'strict-dynamic': scripts the nonced entry imports (route chunks, gtag's own
    // loads) are trusted; host lists and 'unsafe-inline' are never used for scripts.
    // A page without React's scripts runs nothing at all, or only the analytics
    // loader (the site's own file) and gtag.js.
    nonce
      ? ["script-src", `'nonce-${nonce}'`, "'strict-dynamic'", "'self'", ...(analytics ? ANALYTICS_SCRIPT_HOSTS : [])]
      : analytics
        ? ["script-src", "'self'", ...ANALYTICS_SCRIPT_HOSTS]
        : // npm run dev: the content pages' reload script (app/components/site/dev-reload.tsx).
          ["script-src", import.meta.env.DEV ? "'self'" : "'none'"],
    ["script-src-attr", "'none'"],
    // React renders style attributes; styles cannot run code, so inline ones are allowed.
    ["style-src", "'self'", "'unsafe-inline'"],
    // blob: the order form's previews of the photos a visitor chose (object URLs made by this page).
    ["img-src", "'self'", "data:", "blob:", ...(analytics ? ANALYTICS_IMAGE_HOSTS : [])],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'", websocket, ...(analytics ? ANALYTICS_CONNECT_HOSTS : [])],
    ["frame-src", MAP_FRAME_SOURCE],
    ["frame-ancestors", "'none'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["manifest-src", "'self'"],
    ["worker-src", "'self'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/**
 * The fixed headers: hono's defaults, tightened where this site wants more, less
 * four that no current browser acts on (docs/decisions/077), which the static
 * files (public/_headers) never carried either.
 */
const fixedHeaders = secureHeaders({
  referrerPolicy: "strict-origin-when-cross-origin",
  xFrameOptions: "DENY",
  xXssProtection: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xDnsPrefetchControl: false,
  // Set below: over https, and always for the production host (https-only.ts).
  strictTransportSecurity: false,
  permissionsPolicy: {
    accelerometer: [],
    camera: [],
    geolocation: [],
    gyroscope: [],
    magnetometer: [],
    microphone: [],
    payment: [],
    usb: [],
  },
});

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
  headers.set(
    "Content-Security-Policy",
    contentSecurityPolicy({ nonce: staticDocument ? null : nonce, analytics: Boolean(c.env.GA_MEASUREMENT_ID), url }),
  );
  if (url.protocol === "https:" || isProductionHost(url)) headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
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

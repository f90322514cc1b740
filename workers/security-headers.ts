import type { MiddlewareHandler } from "hono";
import { applyCachePolicy } from "../app/http/cache-policy";

// One place for the headers every response carries. HTML documents get their
// Content-Security-Policy from app/entry.server.tsx (it knows the nonce it
// rendered with); every other response the Worker answers gets a fresh one here.
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

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** 128 random bits, base64: a fresh one for every response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export interface PolicyOptions {
  nonce: string;
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
    ["script-src", `'nonce-${nonce}'`, "'strict-dynamic'", "'self'", ...(analytics ? ANALYTICS_SCRIPT_HOSTS : [])],
    ["script-src-attr", "'none'"],
    // React renders style attributes; styles cannot run code, so inline ones are allowed.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", ...(analytics ? ANALYTICS_IMAGE_HOSTS : [])],
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

/** Sets the headers every response carries; keeps a CSP the renderer already set. */
export function applySecurityHeaders(request: Request, headers: Headers, env: Pick<Env, "GA_MEASUREMENT_ID">): void {
  const url = new URL(request.url);
  if (!headers.has("Content-Security-Policy")) {
    headers.set(
      "Content-Security-Policy",
      contentSecurityPolicy({ nonce: createNonce(), analytics: Boolean(env.GA_MEASUREMENT_ID), url }),
    );
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (url.protocol === "https:") headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
}

/**
 * Hono middleware: security headers and the cache policy on every response the
 * Worker answers, including errors and the room's refusals. A websocket upgrade
 * (101) is left alone: it is not a document and its Response cannot be copied.
 */
export function securityHeaders(): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    await next();
    if (c.res.status === 101) return;
    let response = c.res;
    try {
      // Responses from a subrequest (e.g. the room's stub) have immutable headers: this throws.
      response.headers.set("X-Content-Type-Options", "nosniff");
    } catch {
      response = new Response(response.body, response);
      // Hono copies the old headers onto a replacement response; clear it first so ours win.
      c.res = undefined;
      c.res = response;
    }
    applySecurityHeaders(c.req.raw, response.headers, c.env);
    applyCachePolicy(c.req.raw, response);
  };
}

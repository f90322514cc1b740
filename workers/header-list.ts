import { secureHeaders } from "hono/secure-headers";
import { Hono } from "hono/tiny";
import { CRAWLER_FILES } from "../app/core/content-pages.ts";
import { PUBLIC_PAGE_CACHE_CONTROL } from "../app/http/cache-policy.ts";
import { SPECULATION_RULES_FILE_HEADERS, SPECULATION_RULES_HEADER, SPECULATION_RULES_PATH } from "./speculation-rules.ts";

// The one list of security headers. The Worker sets them on every answer it makes
// (security-headers.ts); the build writes the same list into `_headers` for what
// Static Assets answer without the Worker: the content pages it prerendered and the
// files (docs/decisions/040, 138). Plain functions of their options, no request and
// no import.meta: vite.config.ts imports this module to write `_headers` (so imports name their files).

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

export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** A file that is no page (a font, an image, a built script, a .data file) runs nothing and frames nothing. */
export const STATIC_FILE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export interface PolicyOptions {
  /**
   * This response's nonce; null for a page that runs no script of React's
   * (docs/decisions/070): a content page, the same for every visitor.
   */
  nonce: string | null;
  /** The build has a GA4 id, so gtag.js and its beacons must be allowed. */
  analytics: boolean;
  /** The live room's origin (ws:// or wss://) for a page that may open it; null for a static page. */
  websocketOrigin: string | null;
  /** Over https the Worker adds `upgrade-insecure-requests`; static pages leave it to the zone (decision 138). */
  upgradeInsecureRequests: boolean;
  /** `npm run dev`: a content page runs the site's own reload script. */
  devReload?: boolean;
}

export function contentSecurityPolicy({ nonce, analytics, websocketOrigin, upgradeInsecureRequests, devReload }: PolicyOptions): string {
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
        : ["script-src", devReload ? "'self'" : "'none'"],
    ["script-src-attr", "'none'"],
    // React renders style attributes; styles cannot run code, so inline ones are allowed.
    ["style-src", "'self'", "'unsafe-inline'"],
    // blob: the order form's previews of the photos a visitor chose (object URLs made by this page).
    ["img-src", "'self'", "data:", "blob:", ...(analytics ? ANALYTICS_IMAGE_HOSTS : [])],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'", ...(websocketOrigin ? [websocketOrigin] : []), ...(analytics ? ANALYTICS_CONNECT_HOSTS : [])],
    ["frame-src", MAP_FRAME_SOURCE],
    ["frame-ancestors", "'none'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["manifest-src", "'self'"],
    ["worker-src", "'self'"],
  ];
  if (upgradeInsecureRequests) directives.push(["upgrade-insecure-requests"]);
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/**
 * The fixed headers: hono's defaults, tightened where this site wants more, less
 * four that no current browser acts on (docs/decisions/077).
 */
export const fixedHeaders = secureHeaders({
  referrerPolicy: "strict-origin-when-cross-origin",
  xFrameOptions: "DENY",
  xXssProtection: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xDnsPrefetchControl: false,
  // Set by the caller: only for the production host, and over https (https-only.ts).
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

/** The fixed headers exactly as the middleware sets them, read from an answer it made. */
export async function fixedHeaderList(): Promise<[string, string][]> {
  const app = new Hono();
  app.use(fixedHeaders);
  app.get("*", (c) => c.body(null, 204));
  const answer = await app.request("http://localhost/");
  return [...answer.headers].filter(([name]) => name !== "content-type");
}

export interface StaticHeadersOptions {
  /** The paths of the pages the build prerendered, e.g. "/services". */
  contentPages: readonly string[];
  analytics: boolean;
  /** The configured origin: HSTS for every answer on its host when it is https. */
  siteOrigin: string;
}

const set = ([name, value]: [string, string]) => `${name}: ${value}`;
const rule = (pattern: string, lines: string[]) => [pattern, ...lines.map((line) => `  ${line}`)].join("\n");

/**
 * Static Assets' `_headers` file. Every rule that matches a path applies: the first to set a
 * header replaces the asset's own, a later one appends, and `! Name` removes. So the pages'
 * rules remove the files' policy before giving their own.
 */
export async function staticHeadersFile({ contentPages, analytics, siteOrigin }: StaticHeadersOptions): Promise<string> {
  const fixed = await fixedHeaderList();
  const pagePolicy = contentSecurityPolicy({ nonce: null, analytics, websocketOrigin: null, upgradeInsecureRequests: false });
  const site = new URL(siteOrigin);
  const rules = [
    "# Written by the build from workers/header-list.ts (docs/decisions/138): the Worker's own list.",
    rule("/*", [...fixed, ["Content-Security-Policy", STATIC_FILE_POLICY] as [string, string]].map(set)),
    // Built files carry a content hash in their names, so they never change.
    rule("/assets/*", [set(["Cache-Control", "public, max-age=31536000, immutable"])]),
    ...contentPages.map((path) =>
      rule(path, [
        "! Content-Security-Policy",
        set(["Content-Security-Policy", pagePolicy]),
        set(["Cache-Control", PUBLIC_PAGE_CACHE_CONTROL]),
        set(SPECULATION_RULES_HEADER),
      ]),
    ),
    rule(SPECULATION_RULES_PATH, SPECULATION_RULES_FILE_HEADERS.map(set)),
    ...Object.entries(CRAWLER_FILES).map(([path, headers]) => rule(path, Object.entries(headers).map(set))),
    // A host rule matches whatever scheme the request came with; a browser heeds HSTS only over https.
    ...(site.protocol === "https:" ? [rule(`https://${site.host}/*`, [set(["Strict-Transport-Security", STRICT_TRANSPORT_SECURITY])])] : []),
  ];
  return `${rules.join("\n\n")}\n`;
}

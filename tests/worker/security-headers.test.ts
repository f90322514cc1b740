import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, MAP_FRAME_SOURCE } from "../../workers/header-list";
import { PUBLIC_PAGES } from "../support/public-pages";
import { store } from "../../app/config/store";
import { count, createStaff, get, ORIGIN, postForm, signIn } from "./helpers";

/** "a b; c d" -> { a: ["b"], c: ["d"] } */
function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** What the issue asks of every response, whoever produced it. */
function expectSecurityHeaders(response: Response, { https = false } = {}) {
  const policy = response.headers.get("Content-Security-Policy");
  expect(policy, "Content-Security-Policy").toBeTruthy();
  const csp = parsePolicy(policy!);
  const defaultSrc = csp.get("default-src") ?? [];

  // Scripts: only by nonce, or (a static file, or a content page, which runs no
  // script: docs/decisions/070) none at all. Never inline or eval.
  const scriptSrc = csp.get("script-src");
  if (scriptSrc && !(scriptSrc.length === 1 && scriptSrc[0] === "'none'")) {
    expect(scriptSrc.some((value) => /^'nonce-[A-Za-z0-9+/]{22}=='$/.test(value))).toBe(true);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
  } else if (!scriptSrc) {
    expect(defaultSrc).toEqual(["'none'"]);
  }
  // Frames: the map embed, or nothing.
  const frameSrc = csp.get("frame-src") ?? csp.get("child-src") ?? defaultSrc;
  expect([[MAP_FRAME_SOURCE], ["'none'"]]).toContainEqual(frameSrc);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);

  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("Permissions-Policy")).toMatch(/camera=\(\)/);
  // Headers for browsers and plugins that are gone (docs/decisions/077); a page
  // answers with the same set as a static file.
  for (const legacy of ["X-XSS-Protection", "X-Download-Options", "X-Permitted-Cross-Domain-Policies", "X-DNS-Prefetch-Control"]) {
    expect(response.headers.get(legacy), legacy).toBeNull();
  }
  const hsts = response.headers.get("Strict-Transport-Security");
  if (https) expect(hsts).toMatch(/max-age=\d{8,}/);
  return csp;
}

function scriptNonceOf(response: Response) {
  const scriptSrc = parsePolicy(response.headers.get("Content-Security-Policy") ?? "").get("script-src") ?? [];
  return /^'nonce-(.+)'$/.exec(scriptSrc.find((value) => value.startsWith("'nonce-")) ?? "")?.[1];
}


describe("security headers on every response", () => {
  for (const path of PUBLIC_PAGES) {
    it(`public page ${path}`, async () => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expectSecurityHeaders(response);
      // Plain http (local): no HSTS, which browsers would ignore there anyway.
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    });
  }

  const otherAnswers: [string, () => Promise<Response>, number[]][] = [
    ["the 404 page", () => get("/no-such-page"), [404]],
    ["a missing built asset", () => get("/assets/no-such-file.js"), [404]],
    ["the login page", () => get("/login"), [200]],
    ["the dashboard's redirect to sign in", () => get("/dashboard"), [302]],
    ["a dashboard data request", () => get("/dashboard.data"), [202, 204, 302]],
    ["a page data request", () => get("/services.data"), [200]],
    ["robots.txt", () => get("/robots.txt"), [200]],
    ["sitemap.xml", () => get("/sitemap.xml"), [200]],
    ["a HEAD request", () => SELF.fetch(`${ORIGIN}/`, { method: "HEAD" }), [200]],
    ["a form post with errors", () => postForm("/contactus", { name: "" }), [400]],
    ["a cross-origin post", () => postForm("/contactus", {}, { Origin: "https://evil.example" }), [403]],
    [
      "a post that is not a form",
      () => SELF.fetch(`${ORIGIN}/contactus`, { method: "POST", headers: { Origin: ORIGIN, "Content-Type": "application/json" }, body: "{}" }),
      [415],
    ],
    ["the room without a cookie", () => get("/parties/dashboard-room/staff", { Upgrade: "websocket", Origin: ORIGIN }), [401]],
    ["the room from another site", () => get("/parties/dashboard-room/staff", { Origin: "https://evil.example" }), [403]],
    ["an unknown room", () => get("/parties/dashboard-room/other"), [404]],
  ];

  for (const [label, send, statuses] of otherAnswers) {
    it(label, async () => {
      const response = await send();
      expect(statuses).toContain(response.status);
      expectSecurityHeaders(response);
    });
  }

  it("the room's own answer to a signed-in, non-websocket request", async () => {
    const cookie = await signIn(await createStaff());
    const response = await get("/parties/dashboard-room/staff", { Origin: ORIGIN, Cookie: cookie });
    expect(response.status).toBeLessThan(500);
    expectSecurityHeaders(response);
  });

  it("adds Strict-Transport-Security and upgrade-insecure-requests over https", async () => {
    for (const path of ["/", "/no-such-page", "/dashboard"]) {
      const response = await SELF.fetch(`https://jewelry.example${path}`, { redirect: "manual" });
      const csp = expectSecurityHeaders(response, { https: true });
      expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
      expect(csp.has("upgrade-insecure-requests")).toBe(true);
    }
  });
});

describe("https on the configured origin (production)", () => {
  const site = new URL(store.siteOrigin);
  const plain = `http://${site.host}`;

  it("is the configured origin's scheme", () => {
    expect(site.protocol).toBe("https:");
  });

  it("redirects every plain-http request for the site's host to https, path and query kept, with HSTS", async () => {
    for (const path of ["/", "/services", "/dashboard?tab=orders&q=ada", "/no-such-page", "/robots.txt"]) {
      const response = await SELF.fetch(`${plain}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(301);
      expect(response.headers.get("Location")).toBe(`${store.siteOrigin}${path}`);
      expectSecurityHeaders(response);
      expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    }
  });

  it("redirects a plain-http post with 308, so it is sent again as a post over https, and stores nothing", async () => {
    const before = await count("contact_messages");
    const response = await SELF.fetch(`${plain}/contactus`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: plain },
      body: new URLSearchParams({ name: "Plain Http" }),
    });
    expect(response.status).toBe(308);
    expect(response.headers.get("Location")).toBe(`${store.siteOrigin}/contactus`);
    expect(await count("contact_messages")).toBe(before);
  });

  it("always sends HSTS over https on the site's host", async () => {
    for (const path of ["/", "/no-such-page", "/dashboard"]) {
      const response = await SELF.fetch(`${store.siteOrigin}${path}`, { redirect: "manual" });
      expect(response.status, path).not.toBe(301);
      expectSecurityHeaders(response, { https: true });
    }
  });

  it("leaves other hosts alone (local development answers plain http, without HSTS)", async () => {
    for (const url of [`${ORIGIN}/services`, "http://other-host.example/services"]) {
      const response = await SELF.fetch(url, { redirect: "manual" });
      expect(response.status, url).toBe(200);
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    }
  });
});

// Static files never reach the Worker (SELF skips the asset router): tests/browser/security-headers.spec.ts checks them over HTTP.

describe("the document nonce", () => {
  it("is on every script and preload the page renders, and matches the header", async () => {
    const response = await get("/contactus");
    const nonce = scriptNonceOf(response);
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    const preloads = html.match(/<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of [...scripts, ...preloads]) {
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    // No inline event handlers, which no nonce could allow.
    expect(html).not.toMatch(/\son[a-z]+="/i);
  });

  it("is different on every response", async () => {
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 5; i++) nonces.add(scriptNonceOf(await get("/contactus")));
    expect(nonces.size).toBe(5);
  });
});

describe("content pages run no script (docs/decisions/070)", () => {
  const CONTENT_PAGES = PUBLIC_PAGES.filter((path) => !["/contactus", "/orderOnline", "/book"].includes(path));

  for (const path of [...CONTENT_PAGES, "/no-such-page"]) {
    it(`${path} has no script but its JSON-LD, no nonce, and a policy that allows no script`, async () => {
      const response = await get(path);
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts).toEqual(['<script type="application/ld+json">']);
      expect(html).not.toContain("modulepreload");
      expect(html).not.toContain("nonce=");
      expect(html).not.toMatch(/\son[a-z]+="/i);
      expect(parsePolicy(response.headers.get("Content-Security-Policy")!).get("script-src")).toEqual(["'none'"]);
    });
  }

  it("the same page is the same HTML for every visitor", async () => {
    const first = await (await get("/services", { "CF-Connecting-IP": "10.70.0.1" })).text();
    const second = await (await get("/services", { "CF-Connecting-IP": "10.70.0.2" })).text();
    expect(second).toBe(first);
  });
});

describe("Google Analytics under the policy", () => {
  const options = { websocketOrigin: "wss://jewelry.example", upgradeInsecureRequests: true };

  it("allows gtag.js and its beacons only when a measurement id is configured", () => {
    const withAnalytics = parsePolicy(contentSecurityPolicy({ nonce: "abc", analytics: true, ...options }));
    expect(withAnalytics.get("script-src")).toContain("https://www.googletagmanager.com");
    expect(withAnalytics.get("connect-src")).toEqual(
      expect.arrayContaining(["https://*.google-analytics.com", "https://*.analytics.google.com"]),
    );
    expect(withAnalytics.get("img-src")).toContain("https://*.google-analytics.com");

    const without = contentSecurityPolicy({ nonce: "abc", analytics: false, ...options });
    expect(without).not.toMatch(/googletagmanager|google-analytics/);
  });

  it("keeps scripts nonce-only even with analytics", () => {
    const scriptSrc = parsePolicy(contentSecurityPolicy({ nonce: "abc", analytics: true, ...options })).get("script-src");
    expect(scriptSrc).toContain("'nonce-abc'");
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });
});

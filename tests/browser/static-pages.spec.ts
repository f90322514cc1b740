// Content pages are static files the build prerendered (docs/decisions/138): Static Assets answer them
// without the Worker, with the Worker's own header list from the build's _headers. Checked over real HTTP,
// against the local Static Assets (miniflare runs Cloudflare's own asset and router workers).
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { store } from "../../app/config/store";
import { CONTENT_PAGE_PATHS } from "../../app/core/content-pages";

/** The headers every answer carries, the Worker's or Static Assets', with one value. */
const FIXED = [
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
];

function directives(policy: string) {
  return new Map(policy.split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

/** GET with a Host header of our choosing (fetch will not send one). */
function getWithHost(url: string, host: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { Host: host } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on("error", reject);
    request.end();
  });
}

test("every content page is a static file with the Worker's full header list", async ({ request }) => {
  // A page the Worker renders: its fixed headers are the list's.
  const worker = await request.get("/contactus");
  expect(worker.headers()["etag"]).toBeUndefined();
  for (const path of CONTENT_PAGE_PATHS) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    // Static Assets' answer: an ETag of its own; the Worker never sends one.
    expect(headers["etag"], path).toBeTruthy();
    expect(headers["content-type"], path).toBe("text/html; charset=utf-8");
    for (const name of FIXED) expect(headers[name], `${path} ${name}`).toBe(worker.headers()[name]);
    const policy = directives(headers["content-security-policy"] ?? "");
    const workerPolicy = directives(worker.headers()["content-security-policy"] ?? "");
    // No script at all, no nonce to name, and no websocket: the rest is the Worker's policy, directive by directive.
    expect(policy.get("script-src"), path).toEqual(["'none'"]);
    expect(policy.get("connect-src"), path).toEqual(["'self'"]);
    // The zone's "Always Use HTTPS" upgrades requests; a static page does not ask (docs/decisions/052, 138).
    expect(policy.has("upgrade-insecure-requests"), path).toBe(false);
    for (const [name, values] of workerPolicy) {
      if (!["script-src", "connect-src", "upgrade-insecure-requests"].includes(name)) expect(policy.get(name), `${path} ${name}`).toEqual(values);
    }
    expect(headers["cache-control"], path).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=600");
    expect(headers["speculation-rules"], path).toBe('"/speculation-rules.json"');
    // Over plain http to a host that is not the store's, no HSTS (a browser would ignore it anyway).
    expect(headers["strict-transport-security"], path).toBeUndefined();
    // The same page the Worker would render for any visitor: it names the configured origin.
    expect(await response.text(), path).toContain(`<link rel="canonical" href="${store.siteOrigin}${path}"/>`);
  }
});

test("the store's own host gets HSTS on static pages and files, from the build's host rule", async ({ baseURL }) => {
  const site = new URL(store.siteOrigin);
  for (const path of ["/", "/services", "/favicon.svg"]) {
    const response = await getWithHost(`${baseURL}${path}`, site.host);
    expect(response.status, path).toBe(200);
    expect(response.headers["etag"], path).toBeTruthy();
    expect(response.headers["strict-transport-security"], path).toBe("max-age=63072000; includeSubDomains");
  }
});

test("the crawler files and the speculation rules are static files naming the configured origin", async ({ request }) => {
  for (const [path, type] of [
    ["/sitemap.xml", "application/xml"],
    ["/robots.txt", "text/plain"],
    ["/speculation-rules.json", "application/speculationrules+json"],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["etag"], path).toBeTruthy();
    expect(response.headers()["content-type"], path).toContain(type);
  }
  expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${store.siteOrigin}/sitemap.xml`);
});

test("form pages and every other spelling of a content page are the Worker's", async ({ request }) => {
  for (const path of ["/book", "/contactus", "/orderOnline", "/repair", "/no-such-page"]) {
    expect((await request.get(path, { maxRedirects: 0 })).headers()["etag"], path).toBeUndefined();
  }
  // Static Assets' own answer to a slash would be a 307; the Worker's is one 301 to the one spelling.
  for (const [from, to] of [
    ["/services/", "/services"],
    ["/Services", "/services"],
    ["/privacy//", "/privacy"],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(new URL(response.headers()["location"] ?? "").pathname, from).toBe(to);
  }
});

import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PAGE_CACHE_HEADER } from "../../workers/page-cache";
import { PUBLIC_PAGES } from "../support/public-pages";
import { createStaff, expectContentPageHeaders, signIn } from "./helpers";

// A cache miss on a content page is answered with the page the build rendered
// (scripts/prebuild-pages.mjs, docs/decisions/083), not with a render. Each test
// uses hosts of its own, so no other request has filled the page cache for them.
// When the build's page no longer fits (here, an analytics id set after the build),
// the page is rendered as before: the analytics test in
// tests/browser/security-headers.spec.ts serves this build that way.

const CONTENT_PAGES = ["/", "/services", "/aboutus", "/acima", "/snap", "/snapVSacima", "/terms", "/sms-terms", "/privacy"];

describe("a content page on a cache miss", () => {
  it("is the build's page, byte for byte what a render gives, naming the origin it was asked on", async () => {
    const cookie = await signIn(await createStaff());
    for (const origin of ["http://prebuilt-a.localhost:8787", "https://prebuilt-b.example"]) {
      const prebuilt = await SELF.fetch(`${origin}/services`);
      expect(prebuilt.headers.get(PAGE_CACHE_HEADER), origin).toBe("PREBUILT");
      // Staff never share a copy: theirs is rendered for this request.
      const rendered = await SELF.fetch(`${origin}/services`, { headers: { Cookie: cookie } });
      expect(rendered.headers.get(PAGE_CACHE_HEADER), origin).toBe("BYPASS");
      const html = await prebuilt.text();
      expect(html, origin).toBe(await rendered.text());
      for (const name of ["Content-Type", "Cache-Control", "Vary", "Content-Security-Policy"]) {
        expect(prebuilt.headers.get(name), `${origin} ${name}`).toBe(rendered.headers.get(name));
      }
      expect(html, origin).toContain(`<link rel="canonical" href="${origin}/services"/>`);
      expect(html, origin).not.toContain("prebuilt-origin");
    }
  });

  it("covers every content page, and no form page", async () => {
    for (const path of PUBLIC_PAGES) {
      const response = await SELF.fetch(`http://prebuilt-all.localhost${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      expect(response.headers.get(PAGE_CACHE_HEADER) === "PREBUILT", path).toBe(CONTENT_PAGES.includes(path));
    }
  });

  it("leaves with the full security headers and no nonce, then is a hit", async () => {
    const first = await SELF.fetch("https://prebuilt-c.example/privacy");
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("PREBUILT");
    expectContentPageHeaders(first);
    expect(first.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    const html = await first.text();

    const second = await SELF.fetch("https://prebuilt-c.example/privacy");
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBe("HIT");
    expect(await second.text()).toBe(html);
  });

  it("answers a HEAD without a body", async () => {
    const head = await SELF.fetch("http://prebuilt-d.localhost/snap", { method: "HEAD" });
    expect(head.headers.get(PAGE_CACHE_HEADER)).toBe("PREBUILT");
    expect(await head.text()).toBe("");
  });
});

describe("the build's files", () => {
  it("are never served on their own, without the Worker's answer around them", async () => {
    for (const path of ["/__pages", "/__pages/", "/__pages/services", "/__pages/services.html", "/__pages/manifest.json"]) {
      const response = await SELF.fetch(`http://prebuilt-e.localhost${path}`);
      expect(response.status, path).toBe(404);
      const body = await response.text();
      expect(body, path).not.toContain("prebuilt-origin");
      expect(body, path).not.toContain("buildVersion");
    }
  });
});

import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { get } from "./helpers";

// GA4 is configured by the GA_MEASUREMENT_ID variable (empty by default). The
// worker reads it per request, so these tests set it on the shared bindings.
// Page views on load and on client-side navigations are checked in a browser
// with gtag.js stubbed (tests/browser/security-headers.spec.ts, decision 073).

const bindings = env as unknown as { GA_MEASUREMENT_ID: string };

function cspNonce(response: Response) {
  return /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
}

describe("analytics", () => {
  afterEach(() => {
    bindings.GA_MEASUREMENT_ID = "";
  });

  it("loads nothing when no measurement id is set", async () => {
    const response = await get("/");
    const html = await response.text();
    // The page rendered: an error page would load nothing either.
    expect(response.status).toBe(200);
    expect(html).toContain("Fine jewelry, made by hand in Bartlett</h1>");
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("gtag(");
    expect(html).not.toContain("analytics-");
  });

  // docs/decisions/073: the site's own file, async, with the id in a data attribute; no inline script.
  const loaderTag = (html: string) =>
    /<script[^>]*src="\/assets\/analytics-[\w-]+\.js"[^>]*>/.exec(html)?.[0];

  it("on a content page: the site's own analytics file, async, no inline script, no nonce", async () => {
    bindings.GA_MEASUREMENT_ID = "G-TEST12345";
    const response = await get("/services");
    const html = await response.text();
    const tag = loaderTag(html);
    expect(tag).toBeDefined();
    expect(tag).toMatch(/\basync\b/);
    expect(tag).toContain('data-measurement-id="G-TEST12345"');
    expect(tag).not.toContain("nonce=");
    // The only other script is the JSON-LD data block.
    expect((html.match(/<script\b[^>]*>/g) ?? []).filter((t) => t !== tag)).toEqual(['<script type="application/ld+json">']);

    // The policy allows the site's own scripts and gtag.js, and nothing inline.
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(scriptSrc).toBe("'self' https://www.googletagmanager.com");
    expect(cspNonce(response)).toBeUndefined();
  });

  it("on a hydrated page: the same file, carrying the response's nonce", async () => {
    bindings.GA_MEASUREMENT_ID = "G-TEST12345";
    const response = await get("/contactus");
    const html = await response.text();
    const nonce = cspNonce(response);
    expect(nonce).toBeTruthy();
    expect(loaderTag(html)).toContain(`nonce="${nonce}"`);
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? "";
    expect(scriptSrc).toContain("https://www.googletagmanager.com");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it("ignores a value that is not a GA4 measurement id", async () => {
    bindings.GA_MEASUREMENT_ID = 'G-1"><script>alert(1)</script>';
    const response = await get("/");
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain("Fine jewelry, made by hand in Bartlett</h1>");
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("alert(1)");
  });

  // docs/decisions/099: a secret in the address, or the store's own screens, never reach Google.
  for (const [path, heading] of [
    ["/login", "Staff sign-in"],
    ["/invite/not-a-real-token", "Set your password"],
    ["/appointment/not-a-real-token", "Your appointment"],
  ] as const) {
    it(`loads no analytics on ${path}, which renders`, async () => {
      bindings.GA_MEASUREMENT_ID = "G-TEST12345";
      const response = await get(path);
      const html = await response.text();
      expect(html).toMatch(/<h1[\s>]/);
      expect(html).toContain(heading);
      expect(loaderTag(html)).toBeUndefined();
      expect(html).not.toContain("data-measurement-id");
      // A public page answered by the same worker does load it.
      expect(loaderTag(await (await get("/book?booking=x")).text())).toBeDefined();
    });
  }
});

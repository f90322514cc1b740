import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { get } from "./helpers";

// GA4 is configured by the GA_MEASUREMENT_ID variable (empty by default). The
// worker reads it per request, so these tests set it on the shared bindings.
// That page views follow client-side navigations was checked in a browser
// with gtag.js stubbed (see docs/decisions/015).

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
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("gtag(");
  });

  it("loads gtag.js async, with the response's CSP nonce, and turns off the automatic page view", async () => {
    bindings.GA_MEASUREMENT_ID = "G-TEST12345";
    const response = await get("/services");
    const html = await response.text();
    const nonce = cspNonce(response);
    expect(nonce).toBeTruthy();

    const loader = /<script[^>]*src="https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-TEST12345"[^>]*>/.exec(html)?.[0];
    expect(loader).toBeDefined();
    expect(loader).toMatch(/\basync\b/);
    expect(loader).toContain(`nonce="${nonce}"`);

    const setup = /<script nonce="([^"]+)">(window\.dataLayer[^<]*)<\/script>/.exec(html);
    expect(setup?.[1]).toBe(nonce);
    expect(setup?.[2]).toContain('gtag("config","G-TEST12345",{send_page_view:false})');
    expect(response.headers.get("Content-Security-Policy")).toContain("https://www.googletagmanager.com");
  });

  it("ignores a value that is not a GA4 measurement id", async () => {
    bindings.GA_MEASUREMENT_ID = 'G-1"><script>alert(1)</script>';
    const html = await (await get("/")).text();
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("alert(1)");
  });
});

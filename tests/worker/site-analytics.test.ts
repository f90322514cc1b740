import { describe, expect, it } from "vitest";
import { get } from "./helpers";

// GA4's id is a build-time setting (GA_MEASUREMENT_ID when the build runs, docs/decisions/138); the tests' build
// has none. A build with one is served and checked in a browser, content pages from Static Assets included,
// with gtag.js stubbed (tests/browser/security-headers.spec.ts, decision 073).

describe("analytics without a measurement id", () => {
  for (const path of ["/", "/contactus", "/book", "/login"]) {
    it(`${path} loads nothing, and its policy allows no Google host`, async () => {
      const response = await get(path);
      const html = await response.text();
      // The page rendered: an error page would load nothing either.
      expect(response.status).toBe(200);
      expect(html).toMatch(/<h1[\s>]/);
      expect(html).not.toContain("googletagmanager");
      expect(html).not.toContain("gtag(");
      expect(html).not.toContain("data-measurement-id");
      expect(response.headers.get("Content-Security-Policy")).not.toMatch(/googletagmanager|google-analytics/);
    });
  }
});

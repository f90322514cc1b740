// Fails when a public page's first-load JavaScript or CSS (gzip) grows past its
// budget (tests/support/budgets.ts; why these numbers: docs/decisions/042).
// Bytes are deterministic for a given build, unlike timings and scores, which
// `npm run bench` reports without asserting.
import { expect, test } from "@playwright/test";
import { budgetFor } from "../support/budgets";
import { measureFirstLoad } from "../support/first-load";
import { PUBLIC_PAGES } from "../support/public-pages";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const path of PUBLIC_PAGES) {
  test(`first load of ${path} stays within its JS and CSS budget`, async ({ browser, baseURL }) => {
    const budget = budgetFor(path);
    const load = await measureFirstLoad(browser, `${baseURL}${path}`);
    test.info().annotations.push({
      type: "first-load",
      description: `JS ${kb(load.jsGzip)} of ${kb(budget.jsGzip)}, CSS ${kb(load.cssGzip)} of ${kb(budget.cssGzip)} (gzip)`,
    });
    expect(load.jsFiles.length, "the page loads its scripts").toBeGreaterThan(0);
    expect(load.jsGzip, `JS on ${path}: ${load.jsFiles.join(", ")}`).toBeLessThanOrEqual(budget.jsGzip);
    expect(load.cssGzip, `CSS on ${path}: ${load.cssFiles.join(", ")}`).toBeLessThanOrEqual(budget.cssGzip);
  });
}

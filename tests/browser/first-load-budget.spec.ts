// Fails when a page's first-load JavaScript, CSS (gzip) or fonts grow past its budget
// (tests/support/budgets.ts; why these numbers: docs/decisions/042, 070, 076 and 078).
// Bytes are deterministic for a given build, unlike timings and scores, which
// `npm run bench` reports without asserting.
import { expect, test } from "@playwright/test";
import { budgetFor, FORM_PAGES } from "../support/budgets";
import { measureFirstLoad, type FirstLoad } from "../support/first-load";
import { PUBLIC_PAGES } from "../support/public-pages";
import { signInAsStaff } from "./fixtures";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function expectWithinBudget(path: string, load: FirstLoad) {
  const budget = budgetFor(path);
  test.info().annotations.push({
    type: "first-load",
    description: `JS ${kb(load.jsGzip)} of ${kb(budget.jsGzip)}, CSS ${kb(load.cssGzip)} of ${kb(budget.cssGzip)} (gzip), fonts ${kb(load.fontBytes)}`,
  });
  if (budget.jsGzip === 0) expect(load.jsFiles, `no script on ${path}`).toEqual([]);
  else if (budget.afterIntentJsGzip === undefined) expect(load.jsFiles.length, "the page loads its scripts").toBeGreaterThan(0);
  else {
    const after = load.afterIntent!;
    test.info().annotations.push({ type: "after first interaction", description: `JS ${kb(after.jsGzip)} of ${kb(budget.afterIntentJsGzip)}` });
    expect(after.jsFiles.length, "the page's scripts load once the visitor reaches for it").toBeGreaterThan(0);
    expect(after.jsGzip, `JS on ${path} after a key press: ${after.jsFiles.join(", ")}`).toBeLessThanOrEqual(budget.afterIntentJsGzip);
  }
  expect(load.cssFiles.length, "the page loads its stylesheet").toBeGreaterThan(0);
  expect(load.jsGzip, `JS on ${path}: ${load.jsFiles.join(", ")}`).toBeLessThanOrEqual(budget.jsGzip);
  expect(load.cssGzip, `CSS on ${path}: ${load.cssFiles.join(", ")}`).toBeLessThanOrEqual(budget.cssGzip);
  if (budget.fontBytes !== undefined) {
    expect(load.fontFiles.length, "the page draws its text in the site's fonts").toBeGreaterThan(0);
    expect(load.fontBytes, `fonts on ${path}: ${load.fontFiles.join(", ")}`).toBeLessThanOrEqual(budget.fontBytes);
  }
}

for (const path of [...PUBLIC_PAGES, "/no-such-page"]) {
  test(`first load of ${path} stays within its JS, CSS and font budget`, async ({ browser, baseURL }) => {
    expectWithinBudget(path, await measureFirstLoad(browser, `${baseURL}${path}`, { reachFor: FORM_PAGES.has(path) }));
  });
}

test("first load of the staff inbox stays within its JS and CSS budget", async ({ browser, page, baseURL }) => {
  await signInAsStaff(page);
  const signedIn = await page.context().storageState();
  expectWithinBudget("/dashboard", await measureFirstLoad(browser, `${baseURL}/dashboard`, { storageState: signedIn }));
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PAGES } from "../support/public-pages";

// axe-core on every public page at phone and desktop widths, with its full
// default rule set (WCAG 2.2 A/AA and best practices): zero violations.

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} -> ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of [...PUBLIC_PAGES, "/no-such-page"]) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}

test("the open mobile menu has no axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/services");
  await page.locator("summary.mobile-menu__toggle").click();
  await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the open Financing Companies dropdown has no axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/acima");
  await page.getByRole("navigation", { name: "Main" }).locator("summary").click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Snap", exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

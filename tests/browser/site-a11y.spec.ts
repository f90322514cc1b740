import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PAGES } from "../support/public-pages";
import { ibmViolations } from "./ibm-checker";

// Two engines on every public page and the login page, at phone and desktop
// widths: axe-core with its full default rule set (WCAG 2.2 A/AA and best
// practices), and IBM's accessibility-checker-engine with its IBM_Accessibility
// rule set, which checks what axe does not (landmarks around every element,
// unique labels, WCAG 2.5.8's target spacing). Zero violations from either.

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

    for (const path of [...PUBLIC_PAGES, "/no-such-page", "/login"]) {
      test(`${path} has no IBM accessibility violations`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
        await expect(page.locator("h1")).toBeVisible();
        await page.waitForLoadState("networkidle");
        expect(await ibmViolations(page)).toEqual([]);
      });
    }
  });
}

test("the IBM engine is running its rules: it finds a label-less field put on the page", async ({ page }) => {
  await page.goto("/login");
  // After hydration, which would otherwise remove the field again.
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.querySelector("main")!.insertAdjacentHTML("beforeend", '<input type="text">'));
  expect((await ibmViolations(page)).join("\n")).toMatch(/^input_label_visible|^input_label_exists/m);
});

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

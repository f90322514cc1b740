import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PUBLIC_PAGES } from "../support/public-pages";

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

const ACE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("accessibility-checker-engine/ace.js"), "utf8");

/**
 * IBM's engine flags autocomplete="username" on the login's e-mail field, which
 * the HTML standard allows (the field names the account: docs/decisions/097).
 */
const IBM_FALSE_POSITIVES = [{ ruleId: "input_autocomplete_valid", path: "/login", attributes: ['autocomplete="username"', 'type="email"'] }];

/** The IBM engine's violations (not its "potential" or "recommendation" results), one line each. */
async function ibmViolations(page: Page) {
  // Evaluated through the DevTools protocol, like axe: the page's policy runs no script it did not name.
  await page.evaluate(`${ACE_SOURCE}\nwindow.ace = ace; undefined`);
  const results = await page.evaluate(async () => {
    const ace = (window as unknown as { ace: { Checker: new () => { check: (doc: Document, policies: string[]) => Promise<unknown> } } }).ace;
    const report = (await new ace.Checker().check(document, ["IBM_Accessibility"])) as {
      results: { ruleId: string; value: [string, string]; path: { dom: string }; message: string; snippet: string }[];
    };
    return report.results
      .filter((result) => result.value[0] === "VIOLATION" && result.value[1] === "FAIL")
      .map(({ ruleId, path, message, snippet }) => ({ ruleId, dom: path.dom, message, snippet }));
  });
  const pathname = new URL(page.url()).pathname;
  return results
    .filter(
      (result) =>
        !IBM_FALSE_POSITIVES.some(
          (known) => known.ruleId === result.ruleId &&
            known.path === pathname &&
            // In whatever order the render wrote the attributes.
            known.attributes.every((attribute) => result.snippet.includes(attribute)),
        ),
    )
    .map((result) => `${result.ruleId}: ${result.message} -> ${result.dom} ${result.snippet}`);
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

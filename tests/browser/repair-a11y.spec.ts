import { expect, test, type Browser, type Page } from "@playwright/test";
import { freshAddress, signInAsStaff, uniqueName, uniquePhone } from "./fixtures";
import { expectNoAxeViolations, expectNoAxeViolationsAsShown } from "./dashboard-helpers";
import { expectNoIbmViolations } from "./ibm-checker";
import { choosePhoto, logRepair } from "./repair-helpers";
import { startPageScripts } from "../support/page-scripts";

// The repair desk's own pages under both engines, axe (WCAG 2.2 A/AA) and IBM's, at 390 and 1280 px, with
// JavaScript on and off: the New repair form with its quick picks and photo slots, the claim ticket, the repair's
// page with intake and completion photos and an estimate asked, and /repair showing that estimate with Approve
// and Decline.

/** Both engines on the page as it is now; IBM's runs through the DevTools protocol, axe (in the page) on what it shows. */
async function expectNoViolations(page: Page, js: boolean, where: string) {
  await expectNoIbmViolations(page, where);
  await (js ? expectNoAxeViolations(page) : expectNoAxeViolationsAsShown(page));
}

/** The customer's /repair with the estimate waiting for their answer. */
async function checkCustomerPage(browser: Browser, viewport: { width: number; height: number }, js: boolean, ticket: string, last4: string) {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport, extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
  const page = await context.newPage();
  await page.goto(`/repair?ticket=${encodeURIComponent(ticket)}`);
  if (js) await startPageScripts(page);
  await page.getByRole("textbox", { name: /^Last 4 digits/ }).fill(last4);
  await page.getByRole("button", { name: "Check my repair" }).click();
  await expect(page.getByRole("button", { name: "Approve $120" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Decline" })).toBeVisible();
  await expectNoViolations(page, js, "/repair's estimate");
  await context.close();
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
  for (const js of [true, false]) {
    test(`at ${viewport.width} px ${js ? "with" : "without"} JavaScript: the New repair form, the ticket, the repair's page and /repair's estimate pass axe and IBM`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ javaScriptEnabled: js, viewport });
      const page = await context.newPage();
      await signInAsStaff(page);
      const phone = uniquePhone();
      const ticket = await logRepair(page, uniqueName(`A11y ${viewport.width} ${js ? "JS" : "NoJS"}`), phone, async () => {
        if (js) await startPageScripts(page);
        await page.getByRole("checkbox", { name: "Scratches" }).check();
        await choosePhoto(page, 1, "ring.jpg");
        await expect(page.getByLabel("Photo 2", { exact: true })).toBeVisible();
        await expectNoViolations(page, js, "the New repair form");
      });
      await expectNoViolations(page, js, "the claim ticket");

      await page.getByRole("link", { name: "← Back to the repair" }).click();
      const completion = page.getByRole("region", { name: "Completion photos" });
      await choosePhoto(page, 1, "ring.png");
      await completion.getByRole("button", { name: "Add photos" }).click();
      await expect(page.getByRole("img", { name: "Completion photo 1" })).toBeVisible();
      await page.getByRole("textbox", { name: "Estimate in dollars", exact: true }).fill("120");
      await page.getByRole("textbox", { name: /^Work found/ }).fill("Two prongs are worn thin: retip all four.");
      await page.getByRole("button", { name: "Ask for approval" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Estimate sent to the customer." })).toBeVisible();
      await expect(page.getByRole("img", { name: "Intake photo 1" })).toBeVisible();
      await expectNoViolations(page, js, "the repair's page");

      await checkCustomerPage(browser, viewport, js, ticket, phone.slice(-4));
      await context.close();
    });
  }
}

import { expect, test, type Browser, type Page } from "@playwright/test";
import { freshAddress, newColleague, signInAsStaff, signInWithPassword, uniqueName, uniquePhone } from "./fixtures";
import { expectNoAxeViolations, LIVE_PUSH, openWithRoom } from "./dashboard-helpers";
import { choosePhoto, expectTarget44, LETTER, logRepair } from "./repair-helpers";
import { startPageScripts } from "../support/page-scripts";

// Issue 41 at the counter and at home, on a phone (390 px), with JavaScript on and off, each journey twice: a clerk
// logs a repair with two intake photos chosen from the file chooser and prints the two-copy ticket; the repair's page
// shows the photos; the clerk asks for approval of an estimate; the customer approves it on /repair, where the
// result takes focus in view; and the repair's page open at another counter shows the answer without reloading.

const PHONE = { width: 390, height: 844 };

/** The ticket prints on one letter sheet holding both copies, with the cut line between them. */
async function expectBothCopiesOnOneSheet(page: Page) {
  await page.emulateMedia({ media: "print" });
  await page.setViewportSize({ width: LETTER.width - 2 * LETTER.margin, height: 600 });
  const customer = page.locator('[data-copy="customer"]');
  const store = page.locator('[data-copy="store"]');
  await expect(customer).toBeVisible();
  await expect(store).toBeVisible();
  await expect(page.getByText("✂ Cut here")).toBeVisible();
  const [top, bottom] = [await customer.boundingBox(), await store.boundingBox()];
  expect(bottom!.y).toBeGreaterThan(top!.y + top!.height);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThanOrEqual(LETTER.height - 2 * LETTER.margin);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  // One page object in the PDF: both copies on one sheet.
  expect(pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
  await page.emulateMedia({ media: "screen" });
  await page.setViewportSize(PHONE);
}

/** The customer at home on their phone: looks the repair up, sees the estimate, approves it. */
async function customerApproves(browser: Browser, ticket: string, last4: string, js: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: PHONE, extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
  const page = await context.newPage();
  await page.goto(`/repair?ticket=${encodeURIComponent(ticket)}`);
  if (js) await startPageScripts(page);
  await page.getByRole("textbox", { name: /^Last 4 digits/ }).fill(last4);
  await page.getByRole("button", { name: "Check my repair" }).click();
  const result = page.getByRole("heading", { level: 2, name: "Waiting for approval" });
  // The result takes focus and is in view on the phone, below the form.
  await expect(result).toBeFocused();
  await expect(result).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Estimate: $120" })).toBeVisible();
  await expect(page.getByText("Two prongs are worn thin: retip all four.")).toBeVisible();
  const approve = page.getByRole("button", { name: "Approve $120" });
  await expectTarget44(approve, "Approve");
  await expectTarget44(page.getByRole("button", { name: "Decline" }), "Decline");
  if (js) await expectNoAxeViolations(page);
  await approve.click();
  const after = page.getByRole("heading", { level: 2, name: "In progress" });
  await expect(after).toBeFocused();
  await expect(after).toBeInViewport();
  await expect(page.getByRole("status").filter({ hasText: "Thank you: you approved the estimate." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve $120" })).toHaveCount(0);
  await context.close();
}

for (const js of [true, false]) {
  for (const round of [1, 2]) {
    test(`${js ? "with" : "without"} JavaScript (${round}): two intake photos, the two-copy ticket, an estimate the customer approves, the open page follows`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ javaScriptEnabled: js, viewport: PHONE });
      const page = await context.newPage();
      await signInAsStaff(page);
      const name = uniqueName(`Desk ${js ? "JS" : "NoJS"} ${round}`);
      const phone = uniquePhone();
      const ticket = await logRepair(page, name, phone, async () => {
        if (js) await startPageScripts(page);
        const pick = page.getByRole("checkbox", { name: "Scratches" });
        await pick.check();
        await expectTarget44(page.locator(".condition-picks__pick").filter({ has: pick }), "a quick pick");
        await page.getByRole("textbox", { name: "Condition notes" }).fill("Deep scratch by the clasp.");
        await choosePhoto(page, 1, "ring.jpg");
        // With JavaScript the next slot shows once the one before is filled; without it, all six are there.
        await choosePhoto(page, 2, "ring.png");
        if (js) await expectNoAxeViolations(page);
      });
      await expectBothCopiesOnOneSheet(page);
      await expect(page.locator('[data-copy="store"]')).toContainText(name);
      await expect(page.locator('[data-copy="store"]')).toContainText("Scratches. Deep scratch by the clasp.");

      // The repair's page shows the two photos (drawn), for staff.
      await page.getByRole("link", { name: "← Back to the repair" }).click();
      const photos = page.getByRole("img", { name: /^Intake photo \d$/ });
      await expect(photos).toHaveCount(2);
      for (const photo of await photos.all()) await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      if (js) await expectNoAxeViolations(page);

      // Another counter has the repair's page open, live: a colleague's own account, which no other test signs out.
      const colleague = await newColleague(browser);
      const watching = await browser.newContext({ viewport: PHONE });
      const watcher = await watching.newPage();
      await signInWithPassword(watcher, colleague);
      await watcher.waitForURL("**/dashboard**");
      await openWithRoom(watcher, () => watcher.goto(page.url()));
      // A reload would fetch the page again; the live update fetches only its data. (Router history bookkeeping
      // after hydration is no reload, so the page's document requests are counted, not its navigation events.)
      const reloads: string[] = [];
      watcher.on("request", (request) => {
        if (request.isNavigationRequest() && request.frame() === watcher.mainFrame()) reloads.push(request.url());
      });

      await page.getByRole("textbox", { name: "Estimate in dollars", exact: true }).fill("120");
      await page.getByRole("textbox", { name: /^Work found/ }).fill("Two prongs are worn thin: retip all four.");
      await page.getByRole("button", { name: "Ask for approval" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Estimate sent to the customer." })).toBeVisible();
      await expect(page.locator(".record__meta")).toContainText("Waiting for approval");
      // The estimate text waits in the outbox (quiet hours, or the queue), listed in the repair's timeline.
      await expect(page.getByText(/Estimate to approve text to /).first()).toBeVisible();
      await expect(watcher.locator(".record__meta")).toContainText("Waiting for approval", { timeout: LIVE_PUSH });

      await customerApproves(browser, ticket, phone.slice(-4), js);

      await expect(watcher.locator(".record__meta")).toContainText("In progress", { timeout: LIVE_PUSH });
      await expect(watcher.getByTestId("repair-estimates")).toContainText("Approved by the customer on /repair");
      expect(reloads, "the open page was not reloaded").toEqual([]);
      await watching.close();
      await context.close();
    });
  }
}

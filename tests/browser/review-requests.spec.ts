import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations, rowOf } from "./dashboard-helpers";
import { freshAddress, signInAsStaff, uniqueName, uniquePhone } from "./fixtures";
import { expectNoIbmViolations } from "./ibm-checker";
import { bookableDate, chooseDay, chooseTime, expect, test } from "./lead-fixtures";

// Issue 42 §3 at 390 px, with JavaScript on and off, each twice: a clerk marks a visit Done on its record page,
// and its timeline shows the one review request the store will send the next day at 11 AM (by e-mail: the
// visitor gave an address and no consent to texts); marking it Contacted and Done again queues no second one.
// The owner's Staff page shows the review requests sent by month, checked with IBM's engine (and axe, with scripts). Nothing
// is sent here (no provider is set up), so the counts themselves are checked in workerd
// (tests/worker/review-requests.test.ts).

/**
 * A visitor books on /book (in a browser of their own, scripts on) with an e-mail address and no texts: the day's
 * last open time, whatever other specs have booked that day.
 */
async function bookVisit(browser: Browser, name: string, date: string, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: true, extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
  const page = await context.newPage();
  await page.goto("/book");
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Phone/ }).fill(uniquePhone());
  await page.getByLabel(/^Service/).selectOption("Repair");
  await page.getByRole("textbox", { name: /^E-mail/ }).fill(email);
  await chooseDay(page, date);
  const times = page.getByRole("group", { name: /^Time/ }).getByRole("radio");
  await expect(times.first()).toBeVisible();
  const time = await times.last().inputValue();
  await chooseTime(page, time);
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("region", { name: /You're booked/ })).toContainText(time);
  await context.close();
}

/** Saves a status on the record page, and waits for the page to show the saved version (the form's id names it). */
async function saveStatus(page: Page, status: string) {
  const select = page.getByLabel("Status", { exact: true });
  const version = await select.getAttribute("form");
  await select.selectOption(status);
  await page.getByRole("button", { name: "Save status", exact: true }).click();
  await expect(select).not.toHaveAttribute("form", version!);
  await expect(page.getByRole("status").filter({ hasText: /Status saved|Status set to/ })).toBeVisible();
  await expect(select).toHaveValue(status);
}

for (const scripts of [true, false]) {
  test.describe(`JavaScript ${scripts ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: scripts, viewport: { width: 390, height: 844 } });

    test("a visit marked Done shows its one review request; the owner's Staff page counts them by month", async ({ browser, page }) => {
      test.setTimeout(90_000);
      await signInAsStaff(page);
      // Two visits, one for each round.
      for (const round of [1, 2]) {
        const name = uniqueName(`Review Visit ${round}`);
        const email = `review-${round}-${scripts ? "js" : "nojs"}@example.com`;
        await bookVisit(browser, name, bookableDate(13), email);

        await page.goto(`/dashboard?tab=appointments&q=${encodeURIComponent(name)}`);
        await rowOf(page, name).getByRole("link", { name, exact: true }).click();
        await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
        await saveStatus(page, "done");
        const timeline = page.getByRole("list", { name: "Timeline, newest first" });
        const request = timeline.getByRole("listitem").filter({ hasText: "Review request e-mail to" });
        await expect(request).toHaveCount(1);
        await expect(request).toContainText(email);
        // At 11 AM of the next day the store is open (which day is checked in workerd: another spec may close one).
        await expect(request).toContainText(/Scheduled for [A-Z][a-z]{2} \d{1,2}, \d{4}, 11:00 AM/);

        // Back and forth: still the one request.
        await saveStatus(page, "contacted");
        await saveStatus(page, "done");
        await page.reload();
        await expect(timeline.getByRole("listitem").filter({ hasText: "Review request e-mail to" })).toHaveCount(1);

        await page.goto("/dashboard/staff");
        const section = page.getByRole("region", { name: "Review requests sent" });
        await expect(section).toBeVisible();
        const table = section.getByRole("table", { name: "Review requests sent" });
        await expect(table.getByRole("row")).toHaveCount(13);
        const month = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", month: "long", year: "numeric" }).format(new Date());
        await expect(table.getByRole("row").nth(1).getByRole("rowheader")).toHaveText(month);
        await expect(table.getByRole("columnheader")).toHaveText(["Month", "Texts", "E-mails", "Total"]);
        // The table fits the phone: nothing scrolls sideways, the page nor the table's own box.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(await section.locator(".table-wrap").evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBe(0);
        if (round === 1) {
          await expectNoIbmViolations(page, "the Staff page");
          // axe runs in the page: only with scripts on (as on the Hours page's test); IBM's engine both ways.
          if (scripts) await expectNoAxeViolations(page);
        }
      }
    });
  });
}

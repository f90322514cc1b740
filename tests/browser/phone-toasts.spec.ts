import { expect, test, type Page } from "@playwright/test";
import { freshAddress, gotoAndStartScripts, signInAsStaff, uniqueName, uniquePhone } from "./fixtures";
import { bookableDate, chooseDay } from "./lead-fixtures";
import { logRepair } from "./repair-helpers";

// Issue 43, section 3: a toast never lies over a control on a phone. Checked by geometry, while the toast is
// shown: its box meets the box of no visible link, button or field, at the page's opening scroll and scrolled to
// each control the issue names (the manage page's "Cancel appointment" and "Book a new time", the claim
// ticket's "← Back to the repair" and "Print ticket").

const PHONE = { width: 390, height: 844 };

/** The visible controls whose boxes meet the shown toast's box (their names); fails when no toast is shown. */
async function controlsUnderToast(page: Page): Promise<string[]> {
  await expect(page.locator(".toast")).toBeVisible();
  return page.evaluate(() => {
    const toast = document.querySelector(".toast")!.getBoundingClientRect();
    const met: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, summary")) {
      if (!control.checkVisibility({ visibilityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < toast.right && box.right > toast.left && box.top < toast.bottom && box.bottom > toast.top) {
        met.push(control.innerText.trim() || control.getAttribute("aria-label") || control.tagName);
      }
    }
    return met;
  });
}

/** At the opening scroll, then scrolled to each named control: no control under the toast. */
async function expectToastCoversNothing(page: Page, where: string, named: string[]) {
  expect(await controlsUnderToast(page), `${where}, at its opening scroll`).toEqual([]);
  for (const name of named) {
    const control = page.getByRole(name.startsWith("Print") ? "button" : "link", { name, exact: true });
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport();
    expect(await controlsUnderToast(page), `${where}, scrolled to "${name}"`).toEqual([]);
  }
}

/** Chooses a day of the scheduler and its last time (a different day in each test, so no two take one seat). */
async function chooseDayAndLastTime(page: Page, date: string, showTimes: string | null) {
  await chooseDay(page, date);
  if (showTimes) await page.getByRole("button", { name: showTimes }).click();
  await page.getByRole("group", { name: /^Time/ }).getByRole("radio").last().check();
}

for (const js of [true, false]) {
  test(`at 390 px ${js ? "with" : "without"} JavaScript, the manage page's toasts cover neither "Cancel appointment" nor "Book a new time"`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: PHONE, extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
    const page = await context.newPage();
    if (js) await gotoAndStartScripts(page, "/book");
    else await page.goto("/book");
    await page.getByRole("textbox", { name: /^Name/ }).fill(uniqueName("Toast Visitor"));
    await page.getByRole("textbox", { name: /^Phone/ }).fill(uniquePhone());
    await page.getByLabel(/^Service/).selectOption("Repair");
    await chooseDayAndLastTime(page, bookableDate(js ? 10 : 11), js ? null : "Show times for this day");
    await page.getByRole("button", { name: "Book appointment" }).click();
    await page.getByRole("region", { name: /You're booked/ }).getByRole("link", { name: "Change or cancel it" }).click();

    await page.getByRole("link", { name: "Reschedule" }).click();
    await chooseDayAndLastTime(page, bookableDate(js ? 12 : 13), js ? null : "Show times");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Yes, move my appointment" }).click();
    await expect(page.getByRole("status")).toContainText("See you");
    await expectToastCoversNothing(page, "the moved visit", ["Cancel appointment"]);

    await page.getByRole("link", { name: "Cancel appointment" }).click();
    await page.getByRole("button", { name: "Yes, cancel my appointment" }).click();
    await expect(page.getByRole("heading", { name: "This appointment is cancelled" })).toBeVisible();
    await expectToastCoversNothing(page, "the cancelled visit", ["Book a new time"]);
    await context.close();
  });

  test(`at 390 px ${js ? "with" : "without"} JavaScript, the claim ticket's toast covers neither "Back to the repair" nor "Print ticket"`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: PHONE });
    const page = await context.newPage();
    await signInAsStaff(page);
    await logRepair(page, uniqueName("Toast Repair"), uniquePhone());
    await expect(page.getByRole("status")).toContainText("Ticket");
    // "Print ticket" is a button once the page's scripts run; without them the page says to use the browser's Print.
    await expectToastCoversNothing(page, "the claim ticket", js ? ["← Back to the repair", "Print ticket"] : ["← Back to the repair"]);
    await context.close();
  });
}

import type { Page } from "@playwright/test";
import { signInAsStaff, uniqueName, uniquePhone } from "./fixtures";
import { expectNoAxeViolations as expectStaffPageClean } from "./dashboard-helpers";
import { chooseDay, chooseTime, expect, nextWeekday, test } from "./lead-fixtures";

// Issue 40 at 390 px, with JavaScript on and off, each twice: the owner closes a
// day and it leaves /book and the manage page (and a visit booked on it is listed
// to move); a clerk books a caller, then moves and cancels the visit for them.

/**
 * A Sunday in the scheduler's two weeks that no other spec books (they take
 * weekdays, and the Sunday nextWeekday(0, 3) picks): closing it cannot upset them.
 */
function quietSunday(): string {
  const taken = nextWeekday(0, 3);
  const first = nextWeekday(0, 1);
  return first === taken ? nextWeekday(0, 10) : first;
}

function dayLabel(date: string) {
  const day = new Date(`${date}T12:00:00Z`);
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(day);
  return `${format({ weekday: "short" })} ${format({ month: "short", day: "numeric" })}`;
}

const dayChip = (page: Page, date: string) => page.getByRole("group", { name: /^Day/ }).getByRole("radio", { name: dayLabel(date), exact: true });

async function bookOnline(page: Page, name: string, date: string, time: string, scripts: boolean) {
  await page.goto("/book");
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Phone/ }).fill(uniquePhone());
  await page.getByLabel(/^Service/).selectOption("Repair");
  await page.getByRole("textbox", { name: /^E-mail/ }).fill("visitor@example.com");
  await chooseDay(page, date);
  if (!scripts) {
    await page.getByRole("button", { name: "Show times for this day" }).click();
    // The page opens at the times, under a legend naming the day.
    await expect(page).toHaveURL(/#booking-times$/);
    await expect(page.getByRole("group", { name: new RegExp(`^Time on`) })).toBeInViewport();
  }
  await chooseTime(page, time);
  await page.getByRole("button", { name: "Book appointment" }).click();
  const confirmation = page.getByRole("region", { name: /You're booked/ });
  await expect(confirmation).toContainText(time);
  await confirmation.getByRole("link", { name: "Change or cancel it" }).click();
  await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
  return page.url();
}

for (const scripts of [true, false]) {
  test.describe(`JavaScript ${scripts ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: scripts, viewport: { width: 390, height: 844 } });

    test("the owner closes a day: it leaves /book and the manage page, and the visit on it is listed to move", async ({ page, browser }) => {
      test.setTimeout(90_000);
      const owner = await (await browser.newContext({ javaScriptEnabled: scripts, viewport: { width: 390, height: 844 } })).newPage();
      await signInAsStaff(owner);
      const sunday = quietSunday();
      for (const [round, time] of [[1, scripts ? "11:00 AM" : "1:00 PM"], [2, scripts ? "12:00 PM" : "2:00 PM"]] as const) {
        const name = uniqueName(`Hours Visitor ${round}`);
        const manageUrl = await bookOnline(page, name, sunday, time, scripts);

        await owner.goto("/dashboard/hours");
        await owner.locator("#special-date").fill(sunday);
        await owner.getByRole("radio", { name: "Closed" }).check();
        await owner.getByLabel(/^Note for visitors/).fill("Closed for stocktaking");
        await owner.getByRole("button", { name: "Save special day" }).click();
        await expect(owner.getByRole("status").filter({ hasText: "closed" })).toBeVisible();
        await expect(owner.getByTestId("visits-to-move")).toContainText(name);
        // axe runs in the page: only with scripts on.
        if (round === 1 && scripts) await expectStaffPageClean(owner);
        await owner.getByRole("button", { name: `Ask ${name} to move` }).click();
        await expect(owner.getByTestId("visits-to-move")).toContainText("Asked to move on");

        await page.goto("/book");
        await expect(page.getByText(/Special hours:.*closed \(Closed for stocktaking\)/)).toBeVisible();
        await expect(dayChip(page, sunday)).toHaveCount(0);
        await page.goto(`${manageUrl}?step=reschedule`);
        await expect(page.getByText("Further ahead? Call us")).toBeVisible();
        await expect(dayChip(page, sunday)).toHaveCount(0);

        // The owner opens the day again, and it is back.
        await owner.getByRole("button", { name: /^Remove Sun/ }).click();
        await expect(owner.getByRole("status").filter({ hasText: "back to its weekly hours" })).toBeVisible();
        await page.goto("/book");
        await expect(dayChip(page, sunday)).toHaveCount(1);
        // The visitor cancels, so the next round finds the page as it was.
        await page.goto(manageUrl);
        await page.getByRole("link", { name: "Cancel appointment" }).click();
        await page.getByRole("button", { name: "Yes, cancel my appointment" }).click();
        await expect(page.getByRole("heading", { name: "This appointment is cancelled" })).toBeVisible();
      }
      await owner.context().close();
    });

    test("a clerk books a caller, then moves and cancels the visit for them", async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsStaff(page);
      const sunday = quietSunday();
      for (const [round, first, moved] of [[1, "3:00 PM", "5:00 PM"], [2, "4:00 PM", "6:00 PM"]] as const) {
        const [at, to] = scripts ? [first, moved] : [moved === "5:00 PM" ? "11:00 AM" : "12:00 PM", moved === "5:00 PM" ? "1:00 PM" : "2:00 PM"];
        const name = uniqueName(`Caller ${round}`);
        await page.goto("/dashboard?tab=appointments");
        await page.getByRole("link", { name: "New appointment" }).click();
        await expect(page.getByRole("heading", { name: "New appointment" })).toBeVisible();
        await dayChip(page, sunday).check();
        await page.getByRole("button", { name: "Show times" }).click();
        await expect(page).toHaveURL(/#staff-times$/);
        await expect(page.getByRole("heading", { name: /^Open times on/ })).toBeInViewport();
        if (round === 1 && scripts) await expectStaffPageClean(page);
        await page.getByRole("group", { name: /^Time on/ }).getByRole("radio", { name: at, exact: true }).check();
        await page.getByRole("textbox", { name: /^Name/ }).fill(name);
        await page.getByRole("textbox", { name: /^Phone/ }).fill(uniquePhone());
        await page.getByRole("textbox", { name: /^E-mail/ }).fill("caller@example.com");
        await page.getByLabel(/^Service/).selectOption("Custom Design");
        await page.getByRole("checkbox", { name: /The caller agrees to texts/ }).check();
        await page.getByRole("button", { name: "Book appointment" }).click();
        await expect(page.getByRole("status").filter({ hasText: `Booked ${name}` })).toBeVisible();

        await page.goto("/dashboard?tab=appointments&when=all");
        await page.getByRole("link", { name, exact: true }).click();
        await page.getByRole("link", { name: "Move" }).click();
        await dayChip(page, sunday).check();
        await page.getByRole("button", { name: "Show times" }).click();
        await page.getByRole("group", { name: /^Time on/ }).getByRole("radio", { name: to, exact: true }).check();
        await page.getByRole("button", { name: "Move to this time" }).click();
        await expect(page.getByRole("status").filter({ hasText: `Moved to` })).toContainText(to);
        await expect(page.getByText(new RegExp(`Moved by .* to .* at ${to}`))).toBeVisible();

        await page.getByRole("link", { name: "Cancel visit" }).click();
        await page.getByRole("button", { name: "Yes, cancel this visit" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Cancelled the visit" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Move" })).toHaveCount(0);
      }
    });
  });
}

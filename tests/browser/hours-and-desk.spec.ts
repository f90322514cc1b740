import type { Page } from "@playwright/test";
import { signInAsStaff, uniqueName, uniquePhone } from "./fixtures";
import { expectNoAxeViolations as expectStaffPageClean } from "./dashboard-helpers";
import { expectNoIbmViolations } from "./ibm-checker";
import { bookableDate, chooseDay, chooseTime, expect, expectNoAxeViolations as expectFormClean, nextWeekday, test } from "./lead-fixtures";

// Issue 40 at 390 px, with JavaScript on and off, each twice: the owner closes a
// day and it leaves /book and the manage page (and a visit booked on it is listed
// to move); a clerk books a caller, then moves and cancels the visit for them; a
// customer moves their visit on the manage page, and again. One scheduler: with
// JavaScript a chosen day's times show at once on every page, as on /book;
// without it "Show times" lands at them. IBM's engine checks each of these pages
// both ways (axe, which needs the page's scripts, with JavaScript on).

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

/**
 * After a day is chosen on a page whose day chips are a step of their own (the manage
 * page, the staff pages): with JavaScript its times show at once and there is no
 * "Show times" to press; without it, "Show times" reloads the page at the times.
 */
async function expectTimesOfChosenDay(page: Page, scripts: boolean, anchor: string) {
  const times = page.getByRole("group", { name: /^Time on/ });
  if (scripts) {
    await expect(times).toBeVisible();
    await expect(page.getByRole("button", { name: "Show times" })).toBeHidden();
  } else {
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(new RegExp(`#${anchor}$`));
    await expect(page.getByRole("heading", { name: /^Open times on/ })).toBeInViewport();
  }
}

/** A day beyond the scheduler's two weeks, which no test books: a time blocked on it upsets none. */
const FAR_DAY = bookableDate(20);

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
        if (round === 1) {
          // The owner's view with all it lists: a special day, blocked times (two, so a list of
          // rows with their own forms) and a visit to move.
          for (const [from, to, reason] of [["11:00", "12:00", "Delivery"], ["16:00", "17:00", "Goldsmith out"]] as const) {
            await owner.locator("#blocked-date").fill(FAR_DAY);
            await owner.locator("#blocked-from").fill(from);
            await owner.locator("#blocked-to").fill(to);
            await owner.getByLabel(/^Reason/).fill(reason);
            await owner.getByRole("button", { name: "Block this time" }).click();
            await expect(owner.getByTestId("blocked-times")).toContainText(reason);
          }
          await expectNoIbmViolations(owner, "the Hours page");
          // axe runs in the page: only with scripts on.
          if (scripts) await expectStaffPageClean(owner);
          for (let left = 2; left > 0; left--) {
            await owner.getByTestId("blocked-times").getByRole("button", { name: /^Remove/ }).first().click();
            await expect(owner.getByTestId("blocked-times").getByRole("listitem")).toHaveCount(left - 1);
          }
        }
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
        await expectTimesOfChosenDay(page, scripts, "staff-times");
        if (round === 1) {
          await expectNoIbmViolations(page, "New appointment");
          if (scripts) await expectStaffPageClean(page);
        }
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
        await expectTimesOfChosenDay(page, scripts, "staff-times");
        if (round === 1) {
          await expectNoIbmViolations(page, "Move");
          if (scripts) await expectStaffPageClean(page);
        }
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

    test("a customer moves their visit on the manage page, then moves it again", async ({ page }) => {
      test.setTimeout(90_000);
      const sunday = quietSunday();
      const [booked, ...moves] = scripts ? ["11:00 AM", "1:00 PM", "3:00 PM"] : ["12:00 PM", "2:00 PM", "4:00 PM"];
      const manageUrl = await bookOnline(page, uniqueName("Mover"), sunday, booked!, scripts);
      for (const [round, time] of moves.entries()) {
        // Opened from the link again, as the customer would, with the page's scripts not yet started.
        await page.goto(manageUrl);
        await page.getByRole("link", { name: "Reschedule" }).click();
        await dayChip(page, sunday).check();
        await expectTimesOfChosenDay(page, scripts, "manage-times");
        await expect(page.getByRole("heading", { name: /^Open times on Sun/ })).toBeVisible();
        if (round === 0) {
          await expectNoIbmViolations(page, "the manage page's day and time chips");
          if (scripts) await expectFormClean(page);
        }
        await chooseTime(page, time!);
        await page.getByRole("button", { name: "Continue" }).click();
        await expect(page.getByRole("heading", { name: "Move your appointment?" })).toBeVisible();
        await page.getByRole("button", { name: "Yes, move my appointment" }).click();
        await expect(page.getByRole("status")).toContainText(`at ${time}.`);
        await expect(page.getByRole("region", { name: "You're booked" })).toContainText(time!);
      }
      // Cancelled, so the other tests of this file find the day as it was.
      await page.getByRole("link", { name: "Cancel appointment" }).click();
      await page.getByRole("button", { name: "Yes, cancel my appointment" }).click();
      await expect(page.getByRole("heading", { name: "This appointment is cancelled" })).toBeVisible();
    });
  });
}

import type { Browser, Page } from "@playwright/test";
import { gotoAndStartScripts, signInAsStaff, uniqueName } from "./fixtures";
import { rowOf, waitForLive } from "./dashboard-helpers";
import { bookableDate, chooseDay, chooseTime, expect, expectNoAxeViolations, test } from "./lead-fixtures";

// A visitor books with consent to texts, opens the manage link from the
// confirmation, moves the visit, then cancels it; an open dashboard shows each
// change without a reload. The same with JavaScript off, where every step is a
// plain GET and only the confirm buttons post.

function formatDay(date: string) {
  return new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** Books on /book (with or without scripts: the date is a step either way) and follows the confirmation's manage link. */
async function bookAndOpenManageLink(page: Page, name: string, date: string, time: string, phone: string, scripts: boolean) {
  if (scripts) await gotoAndStartScripts(page, "/book");
  else await page.goto("/book");
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Phone/ }).fill(phone);
  await page.getByLabel(/^Service/).selectOption("Repair");
  await page.getByRole("textbox", { name: /^E-mail/ }).fill("visitor@example.com");
  await page.getByRole("checkbox", { name: /Text me a confirmation and a reminder/ }).check();
  await chooseDay(page, date);
  if (!scripts) await page.getByRole("button", { name: "Show times for this day" }).click();
  await chooseTime(page, time);
  await page.getByRole("button", { name: "Book appointment" }).click();
  const confirmation = page.getByRole("region", { name: /You're booked/ });
  await expect(confirmation).toContainText(time);
  await confirmation.getByRole("link", { name: "Change or cancel it" }).click();
  await expect(page).toHaveURL(/\/appointment\/[^/?]+$/);
  await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
}

async function reschedule(page: Page, date: string, time: string, scripts: boolean) {
  await page.getByRole("link", { name: "Reschedule" }).click();
  await chooseDay(page, date);
  // With JavaScript the day's times show at once, as on /book.
  if (!scripts) await page.getByRole("button", { name: "Show times" }).click();
  await chooseTime(page, time);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Move your appointment?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, move my appointment" }).click();
  await expect(page.getByRole("status")).toContainText(`See you ${formatDay(date)} at ${time}.`);
  await expect(page.getByText(time, { exact: false }).first()).toBeVisible();
}

async function cancel(page: Page) {
  await page.getByRole("link", { name: "Cancel appointment" }).click();
  await expect(page.getByRole("heading", { name: "Cancel this appointment?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel my appointment" }).click();
  await expect(page.getByRole("heading", { name: "This appointment is cancelled" })).toBeVisible();
}

async function openDashboard(browser: Browser) {
  // Staff keep scripts on (the live dashboard needs them), whatever the visitor's page has.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const staff = await context.newPage();
  await signInAsStaff(staff);
  // All bookings: a cancelled visit leaves Upcoming (decision 107), and these tests follow it through its cancel.
  await staff.goto("/dashboard?tab=appointments&when=all");
  await waitForLive(staff);
  return { staff, close: () => context.close() };
}

test("book with consent, open the manage link, reschedule, then cancel; the dashboard shows each change live", async ({ page, browser }) => {
  // A whole visit, a signed-in dashboard and two axe runs: about 20 s on a 2-core machine.
  test.setTimeout(60_000);
  const name = uniqueName("Manage Visitor");
  const [first, moved] = [bookableDate(5), bookableDate(9)];
  const dashboard = await openDashboard(browser);

  await bookAndOpenManageLink(page, name, first, "2:00 PM", "901-555-0161", true);
  const row = rowOf(dashboard.staff, name);
  await expect(row).toBeVisible();
  await expect(row).toContainText("2:00 PM");
  await expectNoAxeViolations(page);

  await reschedule(page, moved, "4:00 PM", true);
  await expect(row).toContainText("4:00 PM");
  await expect(row).toContainText(formatDay(moved).replace(/^\w+, /, ""));
  await expect(row.getByRole("combobox")).toHaveValue("rescheduled");

  await cancel(page);
  await expect(row.getByRole("combobox")).toHaveValue("cancelled");
  await expectNoAxeViolations(page);

  // The record's history has both changes, and the messages queued for the visitor.
  await row.getByRole("link", { name, exact: true }).click();
  await expect(dashboard.staff.getByText(/Moved by the visitor from .* at 2:00 PM to .* at 4:00 PM\./)).toBeVisible();
  await expect(dashboard.staff.getByText(/Cancelled by the visitor \(was .* at 4:00 PM\)\./)).toBeVisible();
  await expect(dashboard.staff.getByText(/Booking confirmation text to/).first()).toBeVisible();
  await dashboard.close();
});

test("the manage page passes axe on its reschedule and cancel steps", async ({ page }) => {
  await bookAndOpenManageLink(page, uniqueName("Manage Axe"), bookableDate(6), "1:00 PM", "901-555-0162", true);
  await page.getByRole("link", { name: "Reschedule" }).click();
  await chooseDay(page, bookableDate(11));
  await expect(page.getByRole("radio", { name: "11:00 AM" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Keep my appointment as it is" }).click();
  await page.getByRole("link", { name: "Cancel appointment" }).click();
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every step is a link or a GET form; reschedule and cancel are posts from the confirm buttons", async ({ page, browser }) => {
    test.setTimeout(60_000);
    const name = uniqueName("Manage No Script");
    const [first, moved] = [bookableDate(7), bookableDate(10)];
    const dashboard = await openDashboard(browser);

    await bookAndOpenManageLink(page, name, first, "12:00 PM", "901-555-0163", false);
    const manageUrl = page.url();
    const row = rowOf(dashboard.staff, name);
    await expect(row).toContainText("12:00 PM");

    // Opening the steps and backing out changes nothing.
    await page.getByRole("link", { name: "Cancel appointment" }).click();
    await page.getByRole("link", { name: "Keep my appointment" }).click();
    await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
    await expect(row.getByRole("combobox")).toHaveValue("new");

    await reschedule(page, moved, "3:00 PM", false);
    await expect(row).toContainText("3:00 PM");

    // The time just left is open again to anyone; the new one is not offered twice.
    await page.goto(`${manageUrl}?step=reschedule&date=${first}`);
    await expect(page.getByRole("radio", { name: "12:00 PM" })).toBeVisible();
    await page.goto(`${manageUrl}?step=reschedule&date=${moved}`);
    await expect(page.getByRole("radio", { name: "11:00 AM" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "3:00 PM" })).toHaveCount(0);

    await page.goto(manageUrl);
    await cancel(page);
    await expect(row.getByRole("combobox")).toHaveValue("cancelled");
    // The page says so on every later visit, and offers no buttons that would change it.
    await page.goto(manageUrl);
    await expect(page.getByRole("heading", { name: "This appointment is cancelled" })).toBeVisible();
    await expect(page.locator(".manage").getByRole("button")).toHaveCount(0);
    await dashboard.close();
  });

  test("a tampered link gets a clear page", async ({ page }) => {
    const response = await page.goto("/appointment/not-a-real-token");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We couldn't find that appointment" })).toBeVisible();
    await expect(page.getByRole("link", { name: "book a new time" })).toHaveAttribute("href", "/book");
  });
});

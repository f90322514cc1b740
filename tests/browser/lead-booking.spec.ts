import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { gotoAndStartScripts } from "./fixtures";
import { bookableDate, expect, expectNoAxeViolations, nextWeekday, test } from "./lead-fixtures";

const dialog = (page: Page) => page.getByRole("dialog", { name: "Book an Appointment" });
const bookButton = (page: Page) => page.getByRole("link", { name: "Book an Appointment" });
/** The dialog lives on the hydrated pages; content pages run no script and the button leads to /book (docs/decisions/070). */
const DIALOG_PAGE = "/contactus";

async function openDialog(page: Page) {
  // Until the scripts run the button is a plain link to /book; it announces the dialog once they have.
  await expect(bookButton(page)).toHaveAttribute("aria-haspopup", "dialog");
  await bookButton(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("textbox", { name: /^Name/ })).toBeVisible();
}

test("on a content page, with JavaScript on, the sticky button leads to /book", async ({ page }) => {
  await page.goto("/services");
  await expect(bookButton(page)).not.toHaveAttribute("aria-haspopup", "dialog");
  await bookButton(page).click();
  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Book an Appointment/i);
});

test.describe("booking dialog (JavaScript on)", () => {
  test("opens from the sticky button and closes on Escape, the close button and a click outside", async ({ page }) => {
    await gotoAndStartScripts(page, DIALOG_PAGE);
    await openDialog(page);
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();

    await openDialog(page);
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await expect(dialog(page)).toBeHidden();

    await openDialog(page);
    // The backdrop: a point well outside the dialog's box.
    await page.mouse.click(5, 5);
    await expect(dialog(page)).toBeHidden();
    // Still on the same page: the button opened a dialog, not /book.
    expect(new URL(page.url()).pathname).toBe(DIALOG_PAGE);
  });

  test("shows the time only after a date, rebuilds it when the date changes, books, confirms and resets", async ({ page }) => {
    await gotoAndStartScripts(page, DIALOG_PAGE);
    await openDialog(page);
    const form = dialog(page);
    await expectNoAxeViolations(page, ".booking-dialog");

    await expect(form.getByLabel(/^Time/)).toHaveCount(0);
    await form.getByLabel(/^Date/).fill(nextWeekday(6, 3)); // a Saturday
    const time = form.getByLabel(/^Time/);
    await expect(time.locator("option")).toHaveText([
      "Choose a time", "11:00 AM", "12:00 PM", "1:00 PM", "2:00 PM", "3:00 PM", "4:00 PM", "5:00 PM",
    ]);
    await time.selectOption("5:00 PM");

    // A Sunday has a 6 PM start; changing the date clears the chosen time.
    await form.getByLabel(/^Date/).fill(nextWeekday(0, 3));
    await expect(time.locator("option").last()).toHaveText("6:00 PM");
    await expect(time).toHaveValue("");

    await form.getByRole("textbox", { name: /^Name/ }).fill("Dialog Visitor");
    await form.getByRole("textbox", { name: /^Phone/ }).fill("901-555-0177");
    await form.getByLabel(/^Service/).selectOption("Custom Design");
    await time.selectOption("6:00 PM");
    await form.getByRole("button", { name: "Book appointment" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Appointment booked successfully!" })).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    const confirmation = page.getByRole("region", { name: /You're booked/ });
    await expect(confirmation).toContainText("Custom Design");
    await expect(confirmation).toContainText("6:00 PM");
    const calendar = confirmation.getByRole("link", { name: "Add to calendar" });
    const ics = await page.request.get((await calendar.getAttribute("href"))!);
    expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    // As a calendar app reads it (ical.js): one confirmed event at 6 PM, its first revision.
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await ics.text())).getFirstSubcomponent("vevent")!);
    expect([event.startDate.hour, event.sequence, event.component.getFirstPropertyValue("status")]).toEqual([18, 0, "CONFIRMED"]);

    // The toast closes by itself after 3 s.
    await expect(page.getByRole("status").filter({ hasText: "Appointment booked successfully!" })).toBeHidden({ timeout: 4_500 });

    // Opened again, the form is empty.
    await openDialog(page);
    await expect(dialog(page).getByRole("textbox", { name: /^Name/ })).toHaveValue("");
    await expect(dialog(page).getByLabel(/^Date/)).toHaveValue("");
    await expect(dialog(page).getByLabel(/^Time/)).toHaveCount(0);
  });

  test("shows the rules next to the fields before anything is sent", async ({ page }) => {
    await gotoAndStartScripts(page, DIALOG_PAGE);
    await openDialog(page);
    await dialog(page).getByRole("button", { name: "Book appointment" }).click();
    await expect(dialog(page).getByText("Please enter your name.")).toBeVisible();
    await expect(dialog(page).getByText("Please enter your phone number.")).toBeVisible();
    await expect(dialog(page).getByText("Please choose a date.")).toBeVisible();
    await expect(dialog(page).getByText("Please choose a service.")).toBeVisible();
    await dialog(page).getByRole("textbox", { name: /^Phone/ }).fill("12");
    await expect(dialog(page).getByText("Enter a 10-digit phone number with its area code")).toBeVisible();
  });

  test("when someone else takes the chosen time first, says so next to the time, keeps the rest and offers what is left", async ({ page }) => {
    const date = bookableDate(9);
    await gotoAndStartScripts(page, DIALOG_PAGE);
    await openDialog(page);
    const form = dialog(page);
    await form.getByRole("textbox", { name: /^Name/ }).fill("Second Come");
    await form.getByRole("textbox", { name: /^Phone/ }).fill("901-555-0102");
    await form.getByLabel(/^Service/).selectOption("Repair");
    await form.getByLabel(/^Date/).fill(date);
    await form.getByLabel(/^Time/).selectOption("1:00 PM");

    // Meanwhile another visitor books 1:00 PM on the page without JavaScript.
    const other = await page.context().browser()!.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": "10.250.1.1" } });
    const otherPage = await other.newPage();
    await otherPage.goto("/book");
    await otherPage.getByRole("textbox", { name: /^Name/ }).fill("First Come");
    await otherPage.getByRole("textbox", { name: /^Phone/ }).fill("901-555-0101");
    await otherPage.getByLabel(/^Service/).selectOption("Repair");
    await otherPage.getByLabel(/^Date/).fill(date);
    await otherPage.getByRole("button", { name: "Show available times" }).click();
    await otherPage.getByLabel(/^Time/).selectOption("1:00 PM");
    await otherPage.getByRole("button", { name: "Book appointment" }).click();
    await expect(otherPage.getByRole("status")).toContainText("Appointment booked successfully!");
    await other.close();

    await form.getByRole("button", { name: "Book appointment" }).click();
    await expect(form.getByText("Sorry, that time was just taken. Please choose another time.")).toBeVisible();
    await expect(form.getByRole("textbox", { name: /^Name/ })).toHaveValue("Second Come");
    const options = form.getByLabel(/^Time/).locator("option");
    await expect(options).toHaveCount(7);
    await expect(options.filter({ hasText: "1:00 PM" })).toHaveCount(0);

    // A fresh look at the day no longer offers it either.
    await form.getByLabel(/^Date/).fill(bookableDate(10));
    await form.getByLabel(/^Date/).fill(date);
    await expect(options.filter({ hasText: "1:00 PM" })).toHaveCount(0);
    await form.getByLabel(/^Time/).selectOption("2:00 PM");
    await form.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Appointment booked successfully!" })).toBeVisible();
  });
});

test("a phone number with two upcoming appointments is asked to call, next to the phone field, and keeps the form", async ({ page }) => {
  // Two visits booked earlier with this number, on the page without JavaScript, from another address.
  const earlier = await page.context().browser()!.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": "10.250.2.2" } });
  const earlierPage = await earlier.newPage();
  for (const [offset, time] of [[15, "11:00 AM"], [16, "3:00 PM"]] as const) {
    await earlierPage.goto("/book");
    await earlierPage.getByRole("textbox", { name: /^Name/ }).fill("Capped Caller");
    await earlierPage.getByRole("textbox", { name: /^Phone/ }).fill("901-555-0166");
    await earlierPage.getByLabel(/^Service/).selectOption("Repair");
    await earlierPage.getByLabel(/^Date/).fill(bookableDate(offset));
    await earlierPage.getByRole("button", { name: "Show available times" }).click();
    await earlierPage.getByLabel(/^Time/).selectOption(time);
    await earlierPage.getByRole("button", { name: "Book appointment" }).click();
    await expect(earlierPage.getByRole("status")).toContainText("Appointment booked successfully!");
  }
  await earlier.close();

  await gotoAndStartScripts(page, DIALOG_PAGE);
  await openDialog(page);
  const form = dialog(page);
  await form.getByRole("textbox", { name: /^Name/ }).fill("Capped Caller");
  await form.getByRole("textbox", { name: /^Phone/ }).fill("(901) 555-0166");
  await form.getByLabel(/^Service/).selectOption("Repair");
  await form.getByLabel(/^Date/).fill(bookableDate(17));
  await form.getByLabel(/^Time/).selectOption("1:00 PM");
  await form.getByRole("button", { name: "Book appointment" }).click();

  const phone = form.getByRole("textbox", { name: /^Phone/ });
  await expect(form.getByText("This phone number already has 2 upcoming appointments with us.")).toBeVisible();
  await expect(form.getByText(/please call us at \(\d{3}\) \d{3}-\d{4}/)).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveValue("(901) 555-0166");
  await expect(form.getByRole("textbox", { name: /^Name/ })).toHaveValue("Capped Caller");
  await expectNoAxeViolations(page, ".booking-dialog");
});

test("the booking page passes axe with a day's times and a field error showing", async ({ page }) => {
  await gotoAndStartScripts(page, "/book");
  await page.getByLabel(/^Date/).fill(bookableDate(13));
  await expect(page.getByLabel(/^Time/)).toBeVisible();
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("booking without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sticky button is a link to /book, where the date is a step and success shows the calendar file", async ({ page }) => {
    await page.goto("/aboutus");
    await expect(bookButton(page)).toHaveAttribute("href", "/book");
    await bookButton(page).click();
    await expect(page).toHaveURL(/\/book$/);

    await expect(page.getByLabel(/^Time/)).toHaveCount(0);
    await page.getByRole("textbox", { name: /^Name/ }).fill("No Script");
    await page.getByRole("textbox", { name: /^Phone/ }).fill("(901) 555-0144");
    await page.getByLabel(/^Service/).selectOption("Jewelry Consultation");
    const date = bookableDate(11);
    await page.getByLabel(/^Date/).fill(date);
    await page.getByRole("button", { name: "Show available times" }).click();

    // The page returns with that day's times and everything typed so far.
    await expect(page.getByRole("textbox", { name: /^Name/ })).toHaveValue("No Script");
    await expect(page.getByLabel(/^Time/).locator("option")).toHaveCount(8);
    await page.getByLabel(/^Time/).selectOption("12:00 PM");
    await page.getByRole("button", { name: "Book appointment" }).click();

    await expect(page).toHaveURL(/\/book\?booking=/);
    await expect(page.getByRole("status")).toContainText("Appointment booked successfully!");
    const confirmation = page.getByRole("region", { name: /You're booked/ });
    await expect(confirmation).toContainText("12:00 PM");
    await expect(confirmation.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", /\/book\/calendar\.ics\?booking=/);
    // The form below is empty again, and a reload does not book twice.
    await expect(page.getByRole("textbox", { name: /^Name/ })).toHaveValue("");
    await page.reload();
    await expect(page.getByRole("region", { name: /You're booked/ })).toBeVisible();
  });

  test("explains what is wrong next to each field and keeps what was typed", async ({ page }) => {
    await page.goto("/book");
    await page.getByRole("textbox", { name: /^Phone/ }).fill("12");
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await expect(page.getByText("Enter a 10-digit phone number with its area code")).toBeVisible();
    await expect(page.getByText("Please choose a date.")).toBeVisible();
    await expect(page.getByText("Please choose a service.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Phone/ })).toHaveValue("12");
  });
});

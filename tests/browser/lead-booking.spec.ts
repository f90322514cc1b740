import type { Locator, Page } from "@playwright/test";
import ICAL from "ical.js";
import { gotoAndStartScripts } from "./fixtures";
import { bookableDate, chooseDay, chooseTime, expect, expectNoAxeViolations, nextWeekday, test } from "./lead-fixtures";

const bookButton = (page: Page) => page.getByRole("link", { name: "Book an Appointment" });
/** The booking form of /book (its field errors are also listed in the summary at its top). */
const bookingForm = (page: Page) => page.locator("#booking-page-form");
/** A field's own message, beside it (the summary repeats it as a link). */
const besideField = (form: Locator, text: string) => form.locator(".field__errors").getByText(text);

test("on a content page, with JavaScript on, the sticky button leads to /book", async ({ page }) => {
  await page.goto("/services");
  await expect(bookButton(page)).not.toHaveAttribute("aria-haspopup", "dialog");
  await bookButton(page).click();
  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Book an Appointment/i);
});

test.describe("booking with JavaScript", () => {
  test("shows the time only after a date, rebuilds it when the date changes, books, confirms and resets", async ({ page }) => {
    await gotoAndStartScripts(page, "/book");
    const form = bookingForm(page);
    await expectNoAxeViolations(page);

    await expect(form.getByRole("group", { name: /^Time/ })).toHaveCount(0);
    await chooseDay(form, nextWeekday(6, 3)); // a Saturday
    const times = form.getByRole("group", { name: /^Time/ }).getByRole("radio");
    expect(await times.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
      "11:00 AM", "12:00 PM", "1:00 PM", "2:00 PM", "3:00 PM", "4:00 PM", "5:00 PM",
    ]);
    await chooseTime(form, "5:00 PM");

    // A Sunday has a 6 PM start; changing the day clears the chosen time.
    await chooseDay(form, nextWeekday(0, 3));
    await expect(times.last()).toHaveAttribute("value", "6:00 PM");
    await expect(form.getByRole("group", { name: /^Time/ }).getByRole("radio", { checked: true })).toHaveCount(0);

    await form.getByRole("textbox", { name: /^Name/ }).fill("Dialog Visitor");
    await form.getByRole("textbox", { name: /^Phone/ }).fill("901-555-0177");
    await form.getByLabel(/^Service/).selectOption("Custom Design");
    await chooseTime(form, "6:00 PM");
    await form.getByRole("button", { name: "Book appointment" }).click();

    await expect(page.getByRole("status").filter({ hasText: "You're booked." })).toBeVisible();
    const confirmation = page.getByRole("region", { name: /You're booked/ });
    await expect(confirmation).toContainText("Custom Design");
    await expect(confirmation).toContainText("6:00 PM");
    const calendar = confirmation.getByRole("link", { name: "Add to calendar" });
    const ics = await page.request.get((await calendar.getAttribute("href"))!);
    expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    // As a calendar app reads it (ical.js): one confirmed event at 6 PM, its first revision.
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await ics.text())).getFirstSubcomponent("vevent")!);
    expect([event.startDate.hour, event.sequence, event.component.getFirstPropertyValue("status")]).toEqual([18, 0, "CONFIRMED"]);

    // Another visit starts from an empty form.
    await page.getByRole("button", { name: "Book another visit" }).click();
    await expect(form.getByRole("textbox", { name: /^Name/ })).toHaveValue("");
    await expect(form.getByRole("group", { name: /^Day/ }).getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(form.getByRole("group", { name: /^Time/ })).toHaveCount(0);
  });

  test("shows the rules next to the fields on submit, then checks a field again as it is corrected", async ({ page }) => {
    await gotoAndStartScripts(page, "/book");
    const form = bookingForm(page);
    await form.getByRole("button", { name: "Book appointment" }).click();
    await expect(besideField(form, "Please enter your name.")).toBeVisible();
    await expect(besideField(form, "Please enter your phone number.")).toBeVisible();
    await expect(besideField(form, "Please choose a date.")).toBeVisible();
    await expect(besideField(form, "Please choose a service.")).toBeVisible();
    await form.getByRole("textbox", { name: /^Phone/ }).fill("12");
    await expect(besideField(form, "Enter a 10-digit phone number with its area code")).toBeVisible();
  });

  test("when someone else takes the chosen time first, says so next to the time, keeps the rest and offers what is left", async ({ page }) => {
    const date = bookableDate(9);
    await gotoAndStartScripts(page, "/book");
    const form = bookingForm(page);
    await form.getByRole("textbox", { name: /^Name/ }).fill("Second Come");
    await form.getByRole("textbox", { name: /^Phone/ }).fill("901-555-0102");
    await form.getByLabel(/^Service/).selectOption("Repair");
    await chooseDay(form, date);
    await chooseTime(form, "1:00 PM");

    // Meanwhile another visitor books 1:00 PM on the page without JavaScript.
    const other = await page.context().browser()!.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": "10.250.1.1" } });
    const otherPage = await other.newPage();
    await otherPage.goto("/book");
    await otherPage.getByRole("textbox", { name: /^Name/ }).fill("First Come");
    await otherPage.getByRole("textbox", { name: /^Phone/ }).fill("901-555-0101");
    await otherPage.getByLabel(/^Service/).selectOption("Repair");
    await chooseDay(otherPage, date);
    await otherPage.getByRole("button", { name: "Show times for this day" }).click();
    await chooseTime(otherPage, "1:00 PM");
    await otherPage.getByRole("button", { name: "Book appointment" }).click();
    await expect(otherPage.getByRole("status")).toContainText("You're booked.");
    await other.close();

    await form.getByRole("button", { name: "Book appointment" }).click();
    await expect(besideField(form, "Sorry, that time was just taken. Please choose another time.")).toBeVisible();
    await expect(form.getByRole("textbox", { name: /^Name/ })).toHaveValue("Second Come");
    const options = form.getByRole("group", { name: /^Time/ }).getByRole("radio");
    await expect(options).toHaveCount(6);
    await expect(form.getByRole("radio", { name: "1:00 PM", exact: true })).toHaveCount(0);

    // A fresh look at the day no longer offers it either.
    await chooseDay(form, bookableDate(10));
    await chooseDay(form, date);
    await expect(form.getByRole("radio", { name: "1:00 PM", exact: true })).toHaveCount(0);
    await chooseTime(form, "2:00 PM");
    await form.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByRole("region", { name: /You're booked/ })).toContainText("2:00 PM");
  });
});

test("a phone number with two upcoming appointments is asked to call, next to the phone field, and keeps the form", async ({ page }) => {
  // Two visits booked earlier with this number, on the page without JavaScript, from another address.
  const earlier = await page.context().browser()!.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": "10.250.2.2" } });
  const earlierPage = await earlier.newPage();
  for (const [offset, time] of [[5, "11:00 AM"], [6, "3:00 PM"]] as const) {
    await earlierPage.goto("/book");
    await earlierPage.getByRole("textbox", { name: /^Name/ }).fill("Capped Caller");
    await earlierPage.getByRole("textbox", { name: /^Phone/ }).fill("901-555-0166");
    await earlierPage.getByLabel(/^Service/).selectOption("Repair");
    await chooseDay(earlierPage, bookableDate(offset));
    await earlierPage.getByRole("button", { name: "Show times for this day" }).click();
    await chooseTime(earlierPage, time);
    await earlierPage.getByRole("button", { name: "Book appointment" }).click();
    await expect(earlierPage.getByRole("status")).toContainText("You're booked.");
  }
  await earlier.close();

  await gotoAndStartScripts(page, "/book");
  const form = bookingForm(page);
  await form.getByRole("textbox", { name: /^Name/ }).fill("Capped Caller");
  await form.getByRole("textbox", { name: /^Phone/ }).fill("(901) 555-0166");
  await form.getByLabel(/^Service/).selectOption("Repair");
  await chooseDay(form, bookableDate(8));
  // Any open time: the cap refuses the booking whatever the time. A fixed one could be gone: when offset 8 falls on
  // a Sunday, bookableDate moves it to offset 9's Monday, where the race test above takes 1 PM.
  await form.getByRole("group", { name: /^Time/ }).getByRole("radio").first().check();
  await form.getByRole("button", { name: "Book appointment" }).click();

  const phone = form.getByRole("textbox", { name: /^Phone/ });
  await expect(besideField(form, "This phone number already has 2 upcoming appointments with us.")).toBeVisible();
  await expect(form.getByRole("alert").getByRole("link", { name: /please call us at \(\d{3}\) \d{3}-\d{4}/ })).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveValue("(901) 555-0166");
  await expect(form.getByRole("textbox", { name: /^Name/ })).toHaveValue("Capped Caller");
  await expectNoAxeViolations(page);
});

test("the booking page passes axe with a day's times and a field error showing", async ({ page }) => {
  await gotoAndStartScripts(page, "/book");
  await chooseDay(page, bookableDate(13));
  await expect(page.getByRole("group", { name: /^Time/ })).toBeVisible();
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(besideField(bookingForm(page), "Please enter your name.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("booking without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sticky button is a link to /book, where the date is a step and success shows the calendar file", async ({ page }) => {
    await page.goto("/aboutus");
    await expect(bookButton(page)).toHaveAttribute("href", "/book");
    await bookButton(page).click();
    await expect(page).toHaveURL(/\/book$/);

    await expect(page.getByRole("group", { name: /^Time/ })).toHaveCount(0);
    await page.getByRole("textbox", { name: /^Name/ }).fill("No Script");
    await page.getByRole("textbox", { name: /^Phone/ }).fill("(901) 555-0144");
    await page.getByLabel(/^Service/).selectOption("Jewelry Consultation");
    const date = bookableDate(11);
    await chooseDay(page, date);
    await page.getByRole("button", { name: "Show times for this day" }).click();

    // The page returns with that day's times and everything typed so far.
    await expect(page.getByRole("textbox", { name: /^Name/ })).toHaveValue("No Script");
    await expect(page.getByRole("group", { name: /^Time/ }).getByRole("radio")).toHaveCount(7);
    await chooseTime(page, "12:00 PM");
    await page.getByRole("button", { name: "Book appointment" }).click();

    await expect(page).toHaveURL(/\/book\?booking=/);
    await expect(page.getByRole("status")).toContainText("You're booked.");
    const confirmation = page.getByRole("region", { name: /You're booked/ });
    await expect(confirmation).toContainText("12:00 PM");
    await expect(confirmation.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", /\/book\/calendar\.ics\?booking=/);
    // The result replaces the form; another visit is a link away, and a reload does not book twice.
    await expect(page.getByRole("link", { name: "Book another visit" })).toHaveAttribute("href", "/book");
    await page.reload();
    await expect(page.getByRole("region", { name: /You're booked/ })).toBeVisible();
  });

  test("explains what is wrong next to each field and keeps what was typed", async ({ page }) => {
    await page.goto("/book");
    await page.getByRole("textbox", { name: /^Phone/ }).fill("12");
    await page.getByRole("button", { name: "Book appointment" }).click();
    const form = bookingForm(page);
    await expect(besideField(form, "Please enter your name.")).toBeVisible();
    await expect(besideField(form, "Enter a 10-digit phone number with its area code")).toBeVisible();
    await expect(besideField(form, "Please choose a date.")).toBeVisible();
    await expect(besideField(form, "Please choose a service.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Phone/ })).toHaveValue("12");
  });
});

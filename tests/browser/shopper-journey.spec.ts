import type { Locator, Page } from "@playwright/test";
import { gotoAndStartScripts, uniqueName } from "./fixtures";
import { bookableDate, chooseDay, chooseTime, expect, test } from "./lead-fixtures";

// Issue 27, as a shopper on a phone: the booking's result and a refused form's
// problems come into view and take focus, the scheduler's days and times are
// choices, contact and order successes last, and nothing fixed covers the
// button that finishes a task. Each flow with JavaScript on and off.

test.use({ viewport: { width: 390, height: 844 } });

/** True when the element's box is wholly inside the viewport. */
async function inViewport(locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = locator.page().viewportSize()!;
  return Boolean(box && box.y >= 0 && box.x >= 0 && box.y + Math.min(box.height, viewport.height) <= viewport.height);
}

async function expectInViewAndFocused(locator: Locator) {
  await expect(locator).toBeFocused();
  expect(await inViewport(locator)).toBe(true);
}

/** Every visible fixed or sticky element whose box overlaps the target's box. */
async function fixedOver(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const covering: string[] = [];
    for (const other of document.querySelectorAll<HTMLElement>("body *")) {
      if (other.contains(element) || element.contains(other)) continue;
      const style = getComputedStyle(other);
      if (style.position !== "fixed" && style.position !== "sticky") continue;
      if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) continue;
      const rect = other.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const overlaps = rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top;
      if (overlaps) covering.push(`${other.tagName.toLowerCase()}.${other.className}`);
    }
    return covering;
  });
}

async function expectNothingFixedOver(button: Locator) {
  expect(await fixedOver(button)).toEqual([]);
  await button.scrollIntoViewIfNeeded();
  expect(await fixedOver(button)).toEqual([]);
  // And the point a finger would press is the button itself.
  const box = (await button.boundingBox())!;
  const hit = await button.page().evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("button, a")?.textContent, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(hit).toBe(await button.textContent());
}

async function fillBooking(page: Page, name: string, phone: string, date: string, time: string, scripts: boolean) {
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Phone/ }).fill(phone);
  await page.getByLabel(/^Service/).selectOption("Repair");
  await chooseDay(page, date);
  if (!scripts) await page.getByRole("button", { name: "Show times for this day" }).click();
  await chooseTime(page, time);
}

async function rescheduleAndCancel(page: Page, date: string, time: string, scripts: boolean) {
  await page.getByRole("link", { name: "Reschedule" }).click();
  await chooseDay(page, date);
  // With JavaScript the day's times show at once, as on /book.
  if (!scripts) await page.getByRole("button", { name: "Show times" }).click();
  await chooseTime(page, time);
  await page.getByRole("button", { name: "Continue" }).click();
  const move = page.getByRole("button", { name: "Yes, move my appointment" });
  await expectNothingFixedOver(move);
  await move.click();
  await expect(page.getByText(time).first()).toBeVisible();
  await page.getByRole("link", { name: "Cancel appointment" }).click();
  const cancel = page.getByRole("button", { name: "Yes, cancel my appointment" });
  await expectNothingFixedOver(cancel);
  await cancel.click();
  await expect(page.getByRole("heading", { name: "This appointment is cancelled" })).toBeVisible();
}

for (const scripts of [true, false]) {
  test.describe(`JavaScript ${scripts ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: scripts });

    test("books: the result replaces the form, in view and focused; then reschedules and cancels", async ({ page }) => {
      test.setTimeout(60_000);
      const name = uniqueName("Journey");
      if (scripts) await gotoAndStartScripts(page, "/book");
      else await page.goto("/book");
      await fillBooking(page, name, scripts ? "901-555-0191" : "901-555-0192", bookableDate(1), scripts ? "5:00 PM" : "3:00 PM", scripts);
      const submit = page.getByRole("button", { name: "Book appointment" });
      await expectNothingFixedOver(submit);
      await submit.click();

      const confirmation = page.getByRole("region", { name: /You're booked/ });
      await expect(confirmation).toContainText(scripts ? "5:00 PM" : "3:00 PM");
      await expectInViewAndFocused(page.locator(".booking-result"));
      // The result replaces the form; another visit is one button away.
      await expect(page.getByRole("button", { name: "Book appointment" })).toHaveCount(0);
      await expect(page.getByRole(scripts ? "button" : "link", { name: "Book another visit" })).toBeVisible();

      await confirmation.getByRole("link", { name: "Change or cancel it" }).click();
      await expect(page).toHaveURL(/\/appointment\/[^/?]+$/);
      await expect(page.locator(".floating-actions")).toHaveCount(0);
      await expectNothingFixedOver(page.getByRole("link", { name: "Add to calendar" }));
      // Another day than the booking's: when tomorrow is a Sunday, bookableDate(1) and (2) are the same Monday.
      const movedTo = bookableDate(2) === bookableDate(1) ? bookableDate(3) : bookableDate(2);
      await rescheduleAndCancel(page, movedTo, scripts ? "4:00 PM" : "2:00 PM", scripts);
    });

    test("a refused booking shows a summary at the top, in view and focused, with links to each field", async ({ page }) => {
      if (scripts) await gotoAndStartScripts(page, "/book");
      else await page.goto("/book");
      await page.getByRole("textbox", { name: /^Phone/ }).fill("901-555-0193");
      // Leaving a field empty says nothing yet: errors wait for a submit.
      await page.getByRole("textbox", { name: /^Name/ }).focus();
      await page.getByRole("textbox", { name: /^Phone/ }).focus();
      await expect(page.getByText("Please enter your name.")).toHaveCount(0);

      await page.getByRole("button", { name: "Book appointment" }).click();
      const summary = page.getByRole("alert").filter({ hasText: /Please fix/ });
      await expectInViewAndFocused(summary);
      await expect(summary.getByRole("link")).toHaveText(["Please enter your name.", "Please choose a service.", "Please choose a date."]);
      await summary.getByRole("link", { name: "Please enter your name." }).click();
      await expect(page.getByRole("textbox", { name: /^Name/ })).toBeFocused();
      await summary.getByRole("link", { name: "Please choose a date." }).click();
      await expect(page.getByRole("group", { name: /^Day/ }).getByRole("radio").first()).toBeFocused();

      // Choosing a day shows its times, none of them red before the next submit.
      await chooseDay(page, bookableDate(3));
      if (!scripts) await page.getByRole("button", { name: "Show times for this day" }).click();
      const times = page.getByRole("group", { name: /^Time/ });
      await expect(times.getByRole("radio")).not.toHaveCount(0);
      await expect(times.getByRole("radio").first()).not.toHaveAttribute("aria-invalid", "true");
      await expect(times.getByText("Please choose a time.")).toHaveCount(0);
    });

    test("the scheduler: the next 14 open days as choices, the chosen day's times as chips", async ({ page }) => {
      if (scripts) await gotoAndStartScripts(page, "/book");
      else await page.goto("/book");
      const days = page.getByRole("group", { name: /^Day/ }).getByRole("radio");
      await expect(days).toHaveCount(14);
      await expect(page.getByRole("group", { name: /^Time/ })).toHaveCount(0);
      await chooseDay(page, bookableDate(4));
      if (!scripts) await page.getByRole("button", { name: "Show times for this day" }).click();
      const times = page.getByRole("group", { name: /^Time/ }).getByRole("radio");
      await expect(times.first()).toBeVisible();
      expect(await times.count()).toBeGreaterThanOrEqual(7);
      await expect(page.locator(".booking-form__time .choice-chip").first()).toBeVisible();
    });

    test("a message sent: a lasting confirmation in the page, with what happens next and the e-mail", async ({ page }) => {
      if (scripts) await gotoAndStartScripts(page, "/contactus");
      else await page.goto("/contactus");
      await page.getByRole("textbox", { name: /^Name/ }).fill(uniqueName("Receipt"));
      await page.getByRole("textbox", { name: /^Phone number/ }).fill("901-555-0194");
      await page.getByRole("textbox", { name: /^E-mail/ }).fill("lasting@example.com");
      await page.getByRole("textbox", { name: /^Message/ }).fill("Can you engrave a locket?");
      await page.getByRole("checkbox", { name: /about this request only/ }).check();
      await expect(page.getByRole("checkbox", { name: /offers and promotions/ })).not.toBeChecked();
      const submit = page.getByRole("button", { name: "Send message" });
      await expectNothingFixedOver(submit);
      await submit.click();
      const receipt = page.getByRole("region", { name: "We received your message" });
      await expectInViewAndFocused(receipt);
      await expect(receipt).toContainText("we call you within one business day");
      await expect(receipt).toContainText("A confirmation e-mail went to lasting@example.com");
      // Still there long after a toast would have gone.
      await page.waitForTimeout(3_500);
      await expect(receipt).toBeVisible();
    });

    test("an order sent: the confirmation names the piece, the photo count and the e-mail", async ({ page }) => {
      if (scripts) await gotoAndStartScripts(page, "/orderOnline");
      else await page.goto("/orderOnline");
      await page.getByRole("textbox", { name: /^Name/ }).fill(uniqueName("Order Receipt"));
      await page.getByRole("textbox", { name: /^Phone number/ }).fill("901-555-0195");
      await page.getByRole("textbox", { name: /^E-mail/ }).fill("order-receipt@example.com");
      await page.getByLabel(/^Jewelry type/).selectOption("Custom Ring");
      await page.getByLabel(/^Material preference/).selectOption("Platinum");
      await page.getByLabel(/^Diamond selection/).selectOption("Moissanite");
      await page.getByRole("textbox", { name: /Tell us about your piece/ }).fill("Size 6, engraved inside.");
      await page.getByLabel(/^Photos or sketches/).setInputFiles("tests/fixtures/photos/ring.png");
      const submit = page.getByRole("button", { name: "Submit order" });
      await expectNothingFixedOver(submit);
      await submit.click();
      const receipt = page.getByRole("region", { name: "We received your order request" });
      await expectInViewAndFocused(receipt);
      await expect(receipt).toContainText("Custom Ring, Platinum, Moissanite, with 1 photo.");
      await expect(receipt).toContainText("A confirmation e-mail went to order-receipt@example.com");
    });
  });
}

// A guard: the footer already had room at 390 px before issue 27; the bar must keep leaving it.
test("on a content page the floating bar is there, and the page leaves room for it at its end", async ({ page }) => {
  await page.goto("/services");
  const bar = page.locator(".floating-actions .quick-actions");
  await expect(bar).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await fixedOver(page.locator(".site-footer__legal p").last())).toEqual([]);
});

test("at 1280 px the contact page's Visit card is not covered at the opening scroll", async ({ page }) => {
  // At 1280 × 800 the Visit card's hours sit where the floating "Book an Appointment" button was.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/contactus");
  expect(await fixedOver(page.locator(".contact-card__hours"))).toEqual([]);
});

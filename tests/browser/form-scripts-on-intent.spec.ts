// Public form pages run no script until the visitor reaches for the page
// (docs/decisions/076). These check that nothing loads before that; that the
// first key, tap, click, focus, wheel turn or autofill starts the scripts; that
// nothing moves when they run; and that whatever the visitor typed or chose
// while they were on their way is kept and seen by them.
import type { Page } from "@playwright/test";
import { bookableDate, chooseDay, chooseTime, expect, nextWeekday, test } from "./lead-fixtures";
import { FORM_PAGES } from "../support/budgets";
import { recordRequests, uniqueName } from "./fixtures";
import { HYDRATED } from "../support/page-scripts";

const PHOTOS = "tests/fixtures/photos";

/** Holds every script of the site's own until `release` is called: the visitor is quicker than the network. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => page.locator(HYDRATED);

for (const path of FORM_PAGES) {
  test(`${path} loads no script until the visitor reaches for it, then hydrates`, async ({ page }) => {
    const scripts = recordRequests(page, "script");
    await page.goto(path, { waitUntil: "networkidle" });
    expect(scripts).toEqual([]);
    await expect(hydrated(page)).toHaveCount(0);

    await page.keyboard.press("Tab");
    await expect(hydrated(page)).toHaveCount(1);
    expect(scripts.some((script) => script.includes("entry.client"))).toBe(true);
  });
}

for (const path of FORM_PAGES) {
  test(`nothing on ${path} moves when its scripts start`, async ({ page }) => {
    await page.goto(path, { waitUntil: "networkidle" });
    const submit = page.locator("main form button[type=submit]").last();
    const before = await submit.boundingBox();
    await page.keyboard.press("Shift");
    await expect(hydrated(page)).toHaveCount(1);
    // A frame for React's follow-up render after hydration.
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(await submit.boundingBox()).toEqual(before);
  });
}

test("a tap on a form page starts its scripts too", async ({ page }) => {
  await page.goto("/contactus", { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1 }).click();
  await expect(hydrated(page)).toHaveCount(1);
});

test("a field changed without a key, tap or focus, as autofill does, starts the scripts", async ({ page }) => {
  await page.goto("/orderOnline", { waitUntil: "networkidle" });
  // Playwright sets the choice and fires input and change, and nothing else.
  await page.getByLabel(/^Jewelry type/).selectOption("Other");
  await expect(hydrated(page)).toHaveCount(1);
  await expect(page.getByRole("textbox", { name: /^Describe the jewelry type/ })).toBeVisible();
});

test("the order form keeps what was typed, chosen and attached before its scripts ran, and sends it", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/orderOnline");
  await page.getByRole("textbox", { name: /^Name/ }).fill("Early Typist");
  await page.getByRole("textbox", { name: /^Phone number/ }).fill("901-555-0161");
  await page.getByRole("textbox", { name: /^E-mail/ }).fill("early@example.com");
  await page.getByLabel(/^Jewelry type/).selectOption("Other");
  await page.getByRole("textbox", { name: /describe the jewelry type/ }).fill("Toe ring");
  await page.getByLabel(/^Material preference/).selectOption("Platinum");
  await page.getByLabel(/^Diamond selection/).selectOption("Authentic Diamond");
  await page.getByLabel(/^Photos or sketches/).setInputFiles([`${PHOTOS}/ring.jpg`]);
  await expect(hydrated(page)).toHaveCount(0);

  release();
  await expect(hydrated(page)).toHaveCount(1);
  // The box for "Other" stays, now worded for a page with JavaScript, with its text.
  await expect(page.getByRole("textbox", { name: /^Describe the jewelry type/ })).toHaveValue("Toe ring");
  await expect(page.getByRole("textbox", { name: /describe the material/i })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: /^Name/ })).toHaveValue("Early Typist");
  // The photo chosen early is checked and shown like any other.
  await expect(page.getByRole("list", { name: "Chosen photos" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Chosen photos" })).toContainText("ring.jpg");

  await page.getByRole("button", { name: "Submit order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you for your order request. We'll call you within one business day." })).toBeVisible();
  await expect(page.getByRole("region", { name: "We received your order request" })).toContainText("with 1 photo");
});

test("the booking page loads the times of a date entered before its scripts ran", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/book");
  await page.getByRole("textbox", { name: /^Name/ }).fill("Early Booker");
  await chooseDay(page, nextWeekday(6, 4));
  release();
  await expect(hydrated(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Show times for this day" })).toBeHidden();
  // That Saturday's open times (other tests in this run may hold some of them), in order.
  const times = page.getByRole("group", { name: /^Time/ }).getByRole("radio");
  await expect(times.first()).toBeVisible();
  const saturday = ["11:00 AM", "12:00 PM", "1:00 PM", "2:00 PM", "3:00 PM", "4:00 PM", "5:00 PM"];
  const shown = await times.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(shown).toEqual(saturday.filter((time) => shown.includes(time)));
  await expect(page.getByRole("textbox", { name: /^Name/ })).toHaveValue("Early Booker");
});

test("typing on while the scripts start keeps the caret, and the word a phone keyboard is composing", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/contactus");
  const name = page.getByRole("textbox", { name: /^Name/ });
  const message = page.getByRole("textbox", { name: /^Message/ });
  // The caret goes back into the name to fix it.
  await name.click();
  await page.keyboard.type("Jane Doe");
  for (let step = 0; step < 4; step++) await page.keyboard.press("ArrowLeft");
  // A phone keyboard holds the word being typed as a composition until it is done.
  await message.click();
  await page.keyboard.type("Hello ");
  const keyboard = await page.context().newCDPSession(page);
  await keyboard.send("Input.imeSetComposition", { text: "wor", selectionStart: 3, selectionEnd: 3 });

  release();
  await expect(hydrated(page)).toHaveCount(1);
  await keyboard.send("Input.insertText", { text: "world" });
  await expect(message).toHaveValue("Hello world");
  await name.evaluate((field: HTMLInputElement) => field.focus());
  await page.keyboard.type(" A.");
  await expect(name).toHaveValue("Jane A. Doe");
});

test("after a booking whose first try was sent before the scripts ran, the next form starts empty", async ({ page }) => {
  const release = await holdScripts(page);
  const visitor = uniqueName("Early Post");
  await page.goto("/book");
  await page.getByRole("textbox", { name: /^Name/ }).fill(visitor);
  await page.getByRole("textbox", { name: /^Phone/ }).fill("901-555-0172");
  await page.getByLabel(/^Service/).selectOption("Repair");
  await chooseDay(page, bookableDate(12));
  // Sent by the browser itself: the scripts are still on their way, and no time is chosen yet.
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.locator(".field__errors").getByText("Please choose a time.")).toBeVisible();
  // The starter listens from the end of the document: a choice made before then starts nothing.
  await page.waitForLoadState("domcontentloaded");
  await expect(hydrated(page)).toHaveCount(0);

  await chooseTime(page, "5:00 PM");
  release();
  await expect(hydrated(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("region", { name: /You're booked/ })).toContainText("5:00 PM");

  await page.getByRole("button", { name: "Book another visit" }).click();
  await expect(page.getByRole("heading", { name: "Your appointment" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: /^Name/ })).toHaveValue("");
  await expect(page.getByRole("group", { name: /^Day/ }).getByRole("radio", { checked: true })).toHaveCount(0);
  await expect(page.getByText("Please choose a time.")).toHaveCount(0);
});

test("when the page's scripts cannot be loaded, /book offers the step that shows a day's times again", async ({ page }) => {
  // A tab left open across a deploy asks for files the new deploy no longer has.
  await page.route("**/assets/*.js", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/book");
  const step = page.getByRole("button", { name: "Show times for this day" });
  await expect(step).toBeHidden();
  await page.getByRole("textbox", { name: /^Name/ }).fill("Stale Tab");
  await expect(step).toBeVisible();
  await chooseDay(page, nextWeekday(6, 4));
  await step.click();
  await expect(page.getByRole("group", { name: /^Time/ }).getByRole("radio", { name: "5:00 PM" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: /^Name/ })).toHaveValue("Stale Tab");
  await expect(hydrated(page)).toHaveCount(0);
});

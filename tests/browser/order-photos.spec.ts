import { readFileSync } from "node:fs";
import type { Browser, Locator, Page } from "@playwright/test";
import { gotoAndStartScripts, signInAsStaff, uniqueName } from "./fixtures";
import { expect, expectNoAxeViolations, test } from "./lead-fixtures";
import { expectNoIbmViolations } from "./ibm-checker";

const PHOTOS = "tests/fixtures/photos";
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const photoInput = (page: Page) => page.getByLabel(/^Photos or sketches/);

async function fillOrder(page: Page, name: string) {
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Phone number/ }).fill("901-555-0177");
  await page.getByRole("textbox", { name: /^E-mail/ }).fill("photos@example.com");
  await page.getByLabel(/^Jewelry type/).selectOption("Custom Charm");
  await page.getByLabel(/^Material preference/).selectOption("Gold Yellow");
  await page.getByLabel(/^Diamond selection/).selectOption("Moissanite");
}

/** A touch target 44 px tall at least (issue 43: the photo's Remove was 32). */
async function expectTall44(target: Locator, what: string) {
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.height, `${what}: height`).toBeGreaterThanOrEqual(44);
}

/** Staff open the order's record page from the inbox (paperclip and all) and see its photos. */
async function staffRecordPhotos(browser: Browser, name: string, count: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsStaff(page);
  await page.goto(`/dashboard?tab=orders&q=${encodeURIComponent(name)}`);
  const row = page.getByTestId("inbox-row").filter({ hasText: name });
  await expect(row).toContainText(`${count} photo${count === 1 ? "" : "s"}`);
  await row.getByRole("link", { name }).click();
  const photos = page.getByTestId("record-photos").getByRole("listitem");
  await expect(photos).toHaveCount(count);
  return { context, page, photos };
}

test.describe("order photos without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("two photos sent with the plain form both appear on the staff record page, full size on click", async ({ page, browser }) => {
    const name = uniqueName("No Script Photos");
    await page.goto("/orderOnline");
    await fillOrder(page, name);
    await photoInput(page).setInputFiles([`${PHOTOS}/ring.jpg`, `${PHOTOS}/ring.png`]);
    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(toast(page, "Thank you for your order request. We'll call you within one business day.")).toBeVisible();

    const staff = await staffRecordPhotos(browser, name, 2);
    const images = staff.page.getByTestId("record-photos").getByRole("img");
    await expect(images).toHaveCount(2);
    for (const image of await images.all()) {
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(96);
    }
    await staff.page.getByRole("link", { name: /ring\.png/ }).click();
    await expect(staff.page).toHaveURL(/\/dashboard\/orders\/\d+\/photos\/2$/);
    await staff.context.close();
  });

  test("at 390 px, an order refused for a missing answer keeps its photos, shows them with a Remove, and sends them once corrected", async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const name = uniqueName("Kept Photos");
    await page.goto("/orderOnline");
    await fillOrder(page, name);
    await page.getByLabel(/^Jewelry type/).selectOption({ index: 0 });
    await photoInput(page).setInputFiles([`${PHOTOS}/ring.jpg`, `${PHOTOS}/ring.png`, `${PHOTOS}/ring.webp`]);
    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(page.locator(".field__errors").getByText("Please choose a jewelry type.")).toBeVisible();

    const kept = page.getByRole("list", { name: "Kept photos" }).getByRole("listitem");
    await expect(kept).toHaveCount(3);
    await expect(page.getByText("We kept these 3 photos from your last try: they go with your order.")).toBeVisible();
    for (const [index, file] of ["ring.jpg", "ring.png", "ring.webp"].entries()) {
      await expect(kept.nth(index)).toContainText(file);
      await expectTall44(kept.nth(index).locator(".photo-field__remove"), `Remove ${file}`);
    }
    await expectNoIbmViolations(page, "the order form with kept photos");

    await page.getByRole("checkbox", { name: "Remove ring.webp" }).check();
    await page.getByLabel(/^Jewelry type/).selectOption("Custom Charm");
    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(toast(page, "Thank you for your order request. We'll call you within one business day.")).toBeVisible();
    await expect(page.getByRole("region", { name: "We received your order request" })).toContainText("with 2 photos");

    const staff = await staffRecordPhotos(browser, name, 2);
    await expect(staff.photos.nth(0)).toContainText("ring.jpg");
    await expect(staff.photos.nth(1)).toContainText("ring.png");
    await staff.context.close();
  });

  test("a refused photo gets its message beside the field, and the answers stay", async ({ page }) => {
    await page.goto("/orderOnline");
    await fillOrder(page, "Refused Without Script");
    await photoInput(page).setInputFiles({ name: "drawing.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg onload='alert(1)'/>") });
    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(page.locator(".photo-field").getByText("“drawing.svg” is not a photo we can take.")).toBeVisible();
    await expect(photoInput(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: /^Name/ })).toHaveValue("Refused Without Script");
  });
});

test.describe("order photos with JavaScript", () => {
  test("shows thumbnails, removes one before sending, and sends the rest", async ({ page, browser }) => {
    const name = uniqueName("Script Photos");
    await gotoAndStartScripts(page, "/orderOnline");
    await fillOrder(page, name);
    await photoInput(page).setInputFiles([`${PHOTOS}/ring.jpg`, `${PHOTOS}/ring.webp`]);
    const chosen = page.getByRole("list", { name: "Chosen photos" }).getByRole("listitem");
    await expect(chosen).toHaveCount(2);
    for (const thumbnail of await chosen.locator("img").all()) {
      await expect.poll(() => thumbnail.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(96);
    }
    // More can be added in a second go; the HEIC gets a labelled tile (Chromium cannot draw it).
    await photoInput(page).setInputFiles([`${PHOTOS}/ring.heic`]);
    await expect(chosen).toHaveCount(3);
    await expect(chosen.nth(2)).toContainText("HEIC");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Remove ring.webp" }).click();
    await expect(chosen).toHaveCount(2);
    await expect(photoInput(page)).toBeFocused();
    expect(await photoInput(page).evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((file) => file.name))).toEqual([
      "ring.jpg",
      "ring.heic",
    ]);

    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(toast(page, "Thank you for your order request. We'll call you within one business day.")).toBeVisible();
    await expect(page.getByRole("region", { name: "We received your order request" })).toContainText("with 2 photos");
    await expect(chosen).toHaveCount(0);

    const staff = await staffRecordPhotos(browser, name, 2);
    await expect(staff.photos.nth(0)).toContainText("ring.jpg");
    await expect(staff.photos.nth(1)).toContainText("ring.heic");
    await staff.context.close();
  });

  test("at 390 px, an order refused for a missing answer keeps its chosen photos (each Remove 44 px tall) and sends them once corrected", async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const name = uniqueName("Kept Script Photos");
    await gotoAndStartScripts(page, "/orderOnline");
    await fillOrder(page, name);
    await page.getByLabel(/^Jewelry type/).selectOption({ index: 0 });
    await photoInput(page).setInputFiles([`${PHOTOS}/ring.jpg`, `${PHOTOS}/ring.png`]);
    const chosen = page.getByRole("list", { name: "Chosen photos" }).getByRole("listitem");
    await expect(chosen).toHaveCount(2);
    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(page.locator(".field__errors").getByText("Please choose a jewelry type.")).toBeVisible();
    await expect(chosen).toHaveCount(2);
    for (const file of ["ring.jpg", "ring.png"]) await expectTall44(page.getByRole("button", { name: `Remove ${file}` }), `Remove ${file}`);

    await page.getByLabel(/^Jewelry type/).selectOption("Custom Charm");
    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(toast(page, "Thank you for your order request. We'll call you within one business day.")).toBeVisible();
    const staff = await staffRecordPhotos(browser, name, 2);
    await staff.context.close();
  });

  test("refuses a file that is not a photo beside the field, before sending anything", async ({ page }) => {
    await gotoAndStartScripts(page, "/orderOnline");
    await fillOrder(page, "Client Refusal");
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]);
    await photoInput(page).setInputFiles([
      { name: "ring.jpg", mimeType: "image/jpeg", buffer: exe },
      { name: "ring.gif", mimeType: "image/gif", buffer: readFileSync(`${PHOTOS}/ring.gif`) },
    ]);
    await expect(page.getByText("“ring.jpg” is not a photo we can take.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Chosen photos" }).getByRole("listitem")).toHaveCount(1);
    await expect(photoInput(page)).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  test("shows a progress bar while a large photo is on its way", async ({ page }) => {
    await gotoAndStartScripts(page, "/orderOnline");
    await fillOrder(page, uniqueName("Progress Photo"));
    // 9 MB: the sample JPEG and a trailer of zeros (which the server cuts off), sent at about 3 MB/s.
    // A file that only starts like a JPEG (a segment of length 0) is refused as damaged (decision 086).
    const large = Buffer.alloc(9 * 1024 * 1024);
    large.set(readFileSync(`${PHOTOS}/ring.jpg`));
    await photoInput(page).setInputFiles({ name: "large.jpg", mimeType: "image/jpeg", buffer: large });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 3 * 1024 * 1024,
    });

    await page.getByRole("button", { name: "Submit order" }).click();
    const progress = page.getByRole("progressbar", { name: /Sending your photos/ });
    await expect(progress).toBeVisible();
    await expect(page.getByRole("button", { name: "Submitting…" })).toBeDisabled();
    await expect.poll(async () => Number(await progress.getAttribute("value")), { timeout: 10_000 }).toBeGreaterThan(20);
    await expect(toast(page, "Thank you for your order request. We'll call you within one business day.")).toBeVisible({ timeout: 20_000 });
    await expect(progress).toHaveCount(0);
  });
});

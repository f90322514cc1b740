import { expect, type Locator, type Page } from "@playwright/test";

/** The claim ticket's sheet (issue 41: the customer's copy and the store's, cut apart): US letter, 0.375 in margins. */
export const LETTER = { width: 8.5 * 96, height: 11 * 96, margin: 0.375 * 96 };

/** A date this many days from today, as a date field takes it. */
export function inDays(days: number) {
  const date = new Date(Date.now() + days * 24 * 3600 * 1000);
  return date.toISOString().slice(0, 10);
}

/**
 * Logs a repair from the New repair form, as a clerk does, and returns its ticket number (the page is then the claim
 * ticket). `before` fills in more (the condition, photos) just before the form is sent.
 */
export async function logRepair(page: Page, name: string, phone: string, before?: () => Promise<void>) {
  await page.goto("/dashboard/repairs");
  await page.getByRole("link", { name: "New repair" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New repair" })).toBeVisible();
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Phone/ }).fill(phone);
  await page.getByRole("textbox", { name: /^Item/ }).fill("14k yellow gold ring");
  await page.getByRole("combobox", { name: /^Work/ }).selectOption("Ring sizing");
  await page.getByRole("textbox", { name: /^Estimate/ }).fill("85");
  await page.getByLabel(/^Promised date/).fill(inDays(5));
  await page.getByRole("checkbox", { name: /agrees to texts/ }).check();
  await before?.();
  await page.getByRole("button", { name: "Log repair and print ticket" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Repair claim ticket/ })).toBeVisible();
  return (await page.getByTestId("claim-ticket-number").textContent())!.trim();
}

export const PHOTOS = "tests/fixtures/photos";

/** A touch target at least 44 by 44 CSS pixels (WCAG 2.5.5). */
export async function expectTarget44(target: Locator, what: string) {
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.height, `${what}: height`).toBeGreaterThanOrEqual(44);
  expect(box!.width, `${what}: width`).toBeGreaterThanOrEqual(44);
}

/** Chooses a photo for a slot through the file chooser its tap opens, as a clerk's phone does (a fixture's name, or a file made). */
export async function choosePhoto(page: Page, slot: number, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel(`Photo ${slot}`, { exact: true }).click();
  await (await chooser).setFiles(typeof file === "string" ? `${PHOTOS}/${file}` : file);
}

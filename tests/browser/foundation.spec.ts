import { expect, test } from "@playwright/test";
import { LIVE_PUSH, waitForLive } from "./dashboard-helpers";
import { signInAsStaff, uniqueName } from "./fixtures";

async function fillContactForm(page: import("@playwright/test").Page, name: string) {
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Phone number/ }).fill("901-555-0100");
  await page.getByRole("textbox", { name: /^E-mail/ }).fill("visitor@example.com");
  await page.getByRole("textbox", { name: /^Message/ }).fill("Do you buy gold?");
  await page.getByRole("checkbox", { name: /text messages/ }).check();
}

test.describe("contact slice without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows field errors, then succeeds with a toast", async ({ page }) => {
    await page.goto("/contactus");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.locator(".field__errors").getByText("Please enter your name.")).toBeVisible();
    await expect(page.locator(".field__errors").getByText("Please agree to texts about this message")).toBeVisible();

    await fillContactForm(page, uniqueName("NoJS"));
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status")).toContainText("Thank you for your message. We'll call you within one business day.");
    await expect(page.getByRole("region", { name: "We received your message" })).toContainText("visitor@example.com");
  });
});

test("a dashboard shows a message posted from another browser, pushed to it without a reload", async ({ browser }) => {
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInAsStaff(staffPage);
  // The dashboard opens on Appointments; messages are on the Contacts tab.
  await staffPage.getByRole("link", { name: /^Contacts/ }).click();
  await staffPage.waitForURL("**/dashboard?tab=contacts");
  // Wait for the live connection before posting.
  await waitForLive(staffPage);
  await staffPage.evaluate(() => ((window as unknown as { stayedOnPage?: boolean }).stayedOnPage = true));

  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto("/contactus");
  const name = uniqueName("Live");
  await fillContactForm(visitorPage, name);
  await visitorPage.getByRole("button", { name: "Send message" }).click();
  await expect(visitorPage.getByRole("status")).toContainText("Thank you for your message. We'll call you within one business day.");

  // The name's cell also carries the row's "Just in" tag (issue 43 put it by the name): the row's link is the name.
  await expect(staffPage.getByRole("cell").getByRole("link", { name, exact: true })).toBeVisible({ timeout: LIVE_PUSH });
  expect(await staffPage.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
  await staffContext.close();
  await visitorContext.close();
});

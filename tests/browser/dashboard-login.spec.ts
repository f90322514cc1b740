import { expect, test } from "@playwright/test";
import { signInAsStaff, TEST_STAFF, uniqueName } from "./fixtures";
import { expectNoAxeViolations, rowOf, sendContactMessage, sendOrder, waitForLive } from "./dashboard-helpers";

// Sign-in as staff meet it, and the accessibility of every staff page.

test("the login form is at most 400 px wide and shows a wrong password on the form, not in a dialog", async ({ page }) => {
  page.on("dialog", () => {
    throw new Error("the login must not open a dialog");
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Login" }) });
  expect((await form.boundingBox())!.width).toBeLessThanOrEqual(400);

  await page.getByRole("textbox", { name: /^E-mail/ }).fill(TEST_STAFF.email);
  await page.getByLabel(/^Password/).fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.locator(".form-errors")).toHaveText(/Invalid email or password/);
  await expect(page.getByRole("textbox", { name: /^E-mail/ })).toHaveValue(TEST_STAFF.email);
});

test("the login checks required fields and the e-mail format before sending", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("textbox", { name: /^E-mail/ }).fill("not-an-email");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Enter a valid e-mail address.")).toBeVisible();
  await expect(page.getByText("Please enter your password.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("pasting into the login fields works (password managers and paste are not blocked)", async ({ browser }) => {
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await page.goto("/login");
  for (const [field, text] of [
    [page.getByRole("textbox", { name: /^E-mail/ }), TEST_STAFF.email],
    [page.getByLabel(/^Password/), TEST_STAFF.password],
  ] as const) {
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await field.focus();
    await page.keyboard.press("ControlOrMeta+V");
    await expect(field).toHaveValue(text);
  }
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/dashboard");
  await context.close();
});

test("a signed-out visit to a tab returns to it after sign-in", async ({ page }) => {
  await page.goto("/dashboard?tab=orders");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%3Ftab%3Dorders$/);
  await page.getByRole("textbox", { name: /^E-mail/ }).fill(TEST_STAFF.email);
  await page.getByLabel(/^Password/).fill(TEST_STAFF.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/dashboard?tab=orders");
  await expect(page.getByTestId("tab-orders")).toHaveAttribute("aria-current", "page");
});

test("signing out posts, lands on the login with a toast, and the dashboard is closed again", async ({ page }) => {
  await signInAsStaff(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/login");
  await expect(page.getByRole("status").filter({ hasText: "You are signed out." })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test("Material Preferences is hidden on a phone and shown on a laptop", async ({ browser, page }) => {
  await sendOrder(browser, uniqueName("Wide Order"));
  await signInAsStaff(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard?tab=orders");
  await expect(page.getByRole("columnheader", { name: "Material Preferences" })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole("columnheader", { name: "Material Preferences" })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`axe finds no violations on the staff pages at ${width} px`, async ({ browser, page }) => {
    // Eight axe runs over the staff pages: about 40 s on a 2-core machine.
    test.setTimeout(120_000);
    const name = uniqueName("Axe Row");
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/login");
    await expectNoAxeViolations(page);
    await signInAsStaff(page);
    await expectNoAxeViolations(page);
    await page.goto("/dashboard?tab=orders");
    await expectNoAxeViolations(page);
    await page.goto("/dashboard?tab=contacts");
    await waitForLive(page);
    // A row that arrives live stays unread here whatever other tests open, so the
    // unread styling (yellow, bold, "Just in") and the status controls are checked too.
    await sendContactMessage(browser, name);
    await expect(rowOf(page, name)).toHaveAttribute("data-unread", "true");
    // Its arrival flash, held at its strongest colour, must keep the row readable too.
    await page.evaluate(() =>
      document.getAnimations().forEach((animation) => {
        animation.pause();
        animation.currentTime = 0;
      }),
    );
    await expectNoAxeViolations(page);
    await page.goto("/dashboard?tab=contacts&q=ab");
    await expectNoAxeViolations(page);
    await page.goto("/dashboard?tab=appointments&when=past");
    await expectNoAxeViolations(page);
    await page.goto(`/dashboard?tab=contacts&q=${encodeURIComponent(name)}`);
    await rowOf(page, name).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/dashboard/account");
    await expectNoAxeViolations(page);
  });
}

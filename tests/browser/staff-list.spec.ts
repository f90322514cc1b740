import { expect, test } from "@playwright/test";
import { freshAddress, newColleague, signInAsStaff, TEST_STAFF, uniqueName } from "./fixtures";
import { expectNoAxeViolations, waitForLive } from "./dashboard-helpers";

// The owner (the first account, made by staff:create) runs the staff list.

test("the owner invites a colleague, who sets a password and works, until the owner removes them", async ({ browser, page }) => {
  test.setTimeout(60_000);
  const email = `${uniqueName("colleague").replace(" ", "-")}@example.com`;
  await signInAsStaff(page);
  await page.getByRole("link", { name: "Staff", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("textbox", { name: /^Their e-mail/ }).fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  const linkBox = page.getByRole("textbox", { name: "Link" });
  await expect(linkBox).toBeVisible();
  const link = await linkBox.inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page);
  await expect(page.getByTestId("pending-invitation").filter({ hasText: email })).toBeVisible();

  // The audit trail shows the invitation; axe checks that page too.
  await page.getByRole("link", { name: "Audit", exact: true }).click();
  await expect(page.getByTestId("audit-entry").filter({ hasText: email }).first()).toContainText("Invited a staff member");
  await expectNoAxeViolations(page);

  // The colleague, in a browser of their own.
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
  const colleague = await context.newPage();
  await colleague.goto(link);
  await expect(colleague.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
  await expectNoAxeViolations(colleague);
  await colleague.getByLabel(/^New password(?! again)/).fill("a-colleague-password");
  await colleague.getByLabel(/^New password again/).fill("a-colleague-password");
  await colleague.getByRole("button", { name: "Set password" }).click();
  await colleague.waitForURL("**/login");
  await colleague.getByRole("textbox", { name: /^E-mail/ }).fill(email);
  await colleague.getByLabel(/^Password/).fill("a-colleague-password");
  await colleague.getByRole("button", { name: "Login" }).click();
  await colleague.waitForURL("**/dashboard");
  await expect(colleague.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(colleague.getByRole("link", { name: "Staff", exact: true })).toHaveCount(0);
  await waitForLive(colleague);

  // The owner removes them: their open dashboard loses its live connection...
  // The owner is asked first, and Cancel leaves everything as it was.
  await page.goto("/dashboard/staff");
  await page.getByRole("button", { name: `Remove ${email}` }).click();
  const question = page.getByRole("heading", { level: 2, name: `Remove ${email}?` });
  await expect(question).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId("member").filter({ hasText: email })).toHaveCount(1);
  await page.getByRole("button", { name: `Remove ${email}` }).click();
  await page.getByRole("button", { name: "Yes, remove them" }).click();
  await expect(page.getByText(`${email} was removed and signed out.`)).toBeVisible();
  await expect(page.getByTestId("member").filter({ hasText: email })).toHaveCount(0);
  await expect(async () => {
    const lostLive = colleague.url().includes("/login") || (await colleague.locator('[data-live="signed-out"]').isVisible());
    expect(lostLive).toBe(true);
  }).toPass({ timeout: 10_000 });
  // ...and its next click lands on the login page. The page may get there by itself
  // while the click is on its way (the link is then gone), so click until it has.
  await expect(async () => {
    if (!colleague.url().includes("/login")) await colleague.getByRole("link", { name: "Account" }).click({ timeout: 1_000 });
    await colleague.waitForURL("**/login**", { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await context.close();
});

test("a used invitation link says so, and axe finds nothing on it", async ({ page }) => {
  await page.goto("/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByText("This link has expired or was already used.")).toBeVisible();
  await expectNoAxeViolations(page);
});

// Issue 37, item 5: "Make owner" for a colleague who has not used their reset link would leave the store with an
// owner who cannot sign in (the transfer cancels the link). It is refused, in the colleague's row, and nothing changes.
for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("making owner a colleague whose password was just reset is refused beside them, and the owner stays owner", async ({ browser, page }) => {
      test.setTimeout(60_000);
      const colleague = await newColleague(browser);
      await signInAsStaff(page);
      await page.goto("/dashboard/staff");
      await page.getByRole("button", { name: `Reset password ${colleague.email}` }).click();
      await page.getByRole("button", { name: "Yes, reset it" }).click();
      await expect(page.getByTestId("password-link")).toBeVisible();

      await page.getByRole("button", { name: `Make owner ${colleague.email}` }).click();
      await page.getByRole("button", { name: "Yes, make them the owner" }).click();
      const refusal = page.getByTestId("member").filter({ hasText: colleague.email }).getByRole("alert");
      await expect(refusal).toContainText(`${colleague.email} has not chosen a new password since theirs was reset`);
      await expect(refusal).toContainText("Once they have used their reset link and signed in, make them the owner.");
      await expect(refusal).toBeFocused();
      // axe runs in the page: with JavaScript only.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      // Still the owner's page, the owner still marked so.
      await page.goto("/dashboard/staff");
      await expect(page.getByTestId("member").filter({ hasText: TEST_STAFF.email })).toContainText("Owner");
      await expect(page.getByTestId("member").filter({ hasText: colleague.email })).not.toContainText("Owner");
    });
  });
}

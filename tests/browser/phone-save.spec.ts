import { expect, test } from "@playwright/test";
import { freshAddress, signInAsStaff, uniqueName } from "./fixtures";
import { expectNoAxeViolations, expectNoAxeViolationsAsShown, sendContactMessage } from "./dashboard-helpers";
import { expectNoIbmViolations } from "./ibm-checker";

// Issue 43, section 3: a clerk saving a record on a phone stays at the form, which says "Saved" beside its button;
// the page used to open again at its top, the form out of view. Twice, and for a note too, with JavaScript on
// and off.

for (const js of [true, false]) {
  test(`at 390 px ${js ? "with" : "without"} JavaScript, a saved record keeps its form in view and says "Saved" beside it`, async ({ browser }) => {
    test.setTimeout(60_000);
    const name = uniqueName("Saved Record");
    await sendContactMessage(browser, name);
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 390, height: 844 }, extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
    const page = await context.newPage();
    await signInAsStaff(page);
    await page.goto(`/dashboard?tab=contacts&q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    const save = page.getByRole("button", { name: "Save status" });
    const savedStatus = page.locator("#saved-status");
    await expect(savedStatus).toBeHidden();
    for (const status of ["Contacted", "Done"]) {
      await page.getByLabel("Status", { exact: true }).selectOption({ label: status });
      await save.click();
      await expect(page.getByRole("status")).toContainText("Status saved.");
      await expect(page.getByLabel("Status", { exact: true })).toHaveValue(status.toLowerCase());
      await expect(save, `after saving ${status}`).toBeInViewport();
      await expect(savedStatus, `after saving ${status}`).toBeVisible();
      await expect(savedStatus).toHaveText("✓ Saved");
      await expect(savedStatus).toBeInViewport();
    }

    const add = page.getByRole("button", { name: "Add note" });
    await page.getByRole("textbox", { name: /^Add a note/ }).fill("Called back about the chain.");
    await add.click();
    await expect(page.getByRole("status")).toContainText("Note added");
    await expect(add).toBeInViewport();
    await expect(page.locator("#saved-note")).toBeVisible();
    await expect(page.locator("#saved-note")).toBeInViewport();

    await expectNoIbmViolations(page, "a saved record at 390 px");
    await (js ? expectNoAxeViolations(page) : expectNoAxeViolationsAsShown(page));
    await context.close();
  });
}

import { expect, test } from "@playwright/test";
import { HYDRATED } from "../support/page-scripts";
import { gotoAndStartScripts, recordConsole, signInAsStaff } from "./fixtures";

// The production build's pages with scripts say nothing in the console: no hydration
// mismatch, no warning, no uncaught error. (tests/browser/dev-server.spec.ts checks
// the same under `npm run dev`, where React also reports attribute mismatches.)

test("the sign-in page and the dashboard hydrate with a clean console", async ({ page }) => {
  const messages = recordConsole(page);
  // Its scripts start at the clerk's first interaction, as the public forms' do (decision 138).
  await gotoAndStartScripts(page, "/login");
  await signInAsStaff(page);
  await page.locator(HYDRATED).waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(messages).toEqual([]);
});

for (const path of ["/orderOnline", "/contactus", "/book"]) {
  test(`${path} starts its scripts with a clean console`, async ({ page }) => {
    const messages = recordConsole(page);
    await gotoAndStartScripts(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(messages).toEqual([]);
  });
}

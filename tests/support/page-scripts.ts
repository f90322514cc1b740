// A public form page runs its scripts from the visitor's first interaction
// (docs/decisions/076); the root marks <html data-hydrated> once they run.
// Shared by the browser tests, the budget measurement and the bench; plain,
// erasable TypeScript so Node can load it without a build step.
import type { Page } from "@playwright/test";

/** Matches once the page's scripts run. */
export const HYDRATED = "html[data-hydrated]";

/** A visitor's first interaction (a press of Shift, which changes nothing on the page); returns once the page is hydrated. */
export async function startPageScripts(page: Page, timeout?: number) {
  await page.keyboard.press("Shift");
  await page.locator(HYDRATED).waitFor({ state: "attached", timeout });
}

import type { Page } from "@playwright/test";
import { startPageScripts } from "../support/page-scripts";

/** Must match scripts/serve-for-tests.mjs, which creates this account. */
export const TEST_STAFF = { email: "browser-staff@example.com", password: "browser-test-password" };

export async function signInAsStaff(page: Page) {
  await page.goto("/login");
  await page.getByRole("textbox", { name: /^E-mail/ }).fill(TEST_STAFF.email);
  await page.getByLabel(/^Password/).fill(TEST_STAFF.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/dashboard");
}

/** A name no other test uses, so parallel tests never match each other's rows. */
export function uniqueName(prefix: string) {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/** Every request the page makes for a resource of this type ("script", "font", …), from any origin: their URLs. */
export function recordRequests(page: Page, resourceType: string): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === resourceType) urls.push(request.url());
  });
  return urls;
}

/** Opens a public form page and starts its scripts as a visitor would (docs/decisions/076). */
export async function gotoAndStartScripts(page: Page, path: string) {
  await page.goto(path);
  await startPageScripts(page);
}

/**
 * What the browser console shows a developer while the page is open, less debug and
 * info lines (Vite's "connected", React's DevTools hint): warnings, errors and uncaught
 * exceptions, each as "type: text".
 */
export function recordConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error") messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => messages.push(`uncaught: ${error.message}`));
  return messages;
}

import type { Browser, Page } from "@playwright/test";
import { HYDRATED, startPageScripts } from "../support/page-scripts";

/** Must match scripts/serve-for-tests.mjs, which creates this account. */
export const TEST_STAFF = { email: "browser-staff@example.com", password: "browser-test-password" };

/**
 * Opens the sign-in page and taps the e-mail field, as a clerk does. Its scripts start then (decision 138) and,
 * with JavaScript on, run before a person has typed an address: the test waits for them, so the form goes the
 * way a clerk's does (to /login.data).
 */
async function openSignIn(page: Page) {
  await page.goto("/login");
  await page.getByRole("textbox", { name: /^E-mail/ }).click();
  if (await page.evaluate(() => matchMedia("(scripting: enabled)").matches)) await page.locator(HYDRATED).waitFor({ state: "attached" });
}

export async function signInAsStaff(page: Page) {
  await openSignIn(page);
  await page.getByRole("textbox", { name: /^E-mail/ }).fill(TEST_STAFF.email);
  await page.getByLabel(/^Password/).fill(TEST_STAFF.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/dashboard");
}

/**
 * This worker process's index: Playwright gives every worker of a run its own,
 * a restarted one included. With a count of what this worker drew, it makes
 * names, addresses and numbers no other test of the run has, by construction
 * rather than by a chance draw.
 */
const WORKER = Number(process.env.TEST_WORKER_INDEX ?? 0);
let drawn = 0;

/** A name no other test uses, so parallel tests never match each other's rows. */
export function uniqueName(prefix: string) {
  return `${prefix} ${WORKER.toString(36)}x${(++drawn).toString(36)}`;
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

/** An address no other test uses, so this test's counters are its own: an IPv6 /64 of its own (a limit counts a /64 as one client). */
export const freshAddress = () => `2001:db8:${WORKER.toString(16)}:${(++drawn).toString(16)}::1`;

/** A US phone number no other test uses (ten digits, so it can be texted). */
export const uniquePhone = () => `901-5${String(50 + (WORKER % 50)).padStart(2, "0")}-${String(1000 + (++drawn % 9000))}`;

/**
 * A staff member of a test's own, invited by the owner (the shared account) and with a password set: for a test
 * whose account must not be paused, or whose unread marks no other test may move.
 */
export async function newColleague(browser: Browser) {
  const email = `${uniqueName("lockout").replace(" ", "-")}@example.com`;
  const password = "a-colleague-password";
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
  const page = await context.newPage();
  await signInAsStaff(page);
  await page.goto("/dashboard/staff");
  await page.getByRole("textbox", { name: /^Their e-mail/ }).fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  const link = await page.getByRole("textbox", { name: "Link" }).inputValue();
  await context.close();
  // The colleague opens the link in a browser of their own, which then does not count as one they signed in with.
  const theirs = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
  const invited = await theirs.newPage();
  await invited.goto(link);
  await invited.getByLabel(/^New password(?! again)/).fill(password);
  await invited.getByLabel(/^New password again/).fill(password);
  await invited.getByRole("button", { name: "Set password" }).click();
  await invited.waitForURL("**/login");
  await theirs.close();
  return { email, password };
}

export async function signInWithPassword(page: Page, staff: { email: string; password: string }) {
  await openSignIn(page);
  await page.getByRole("textbox", { name: /^E-mail/ }).fill(staff.email);
  await page.getByLabel(/^Password/).fill(staff.password);
  await page.getByRole("button", { name: "Login" }).click();
}

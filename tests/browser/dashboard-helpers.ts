import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import { freshAddress, newColleague, signInWithPassword } from "./fixtures";

/**
 * Each visitor gets an address of their own (Cloudflare sets this header in
 * production; the local server passes it through), so the forms' per-visitor
 * rate limit counts each test's visitor separately instead of the whole run.
 */
function visitorContext(browser: Browser) {
  return browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
}

/**
 * Sends a message through the public contact form from a separate visitor
 * browser, as a real lead would arrive (the room then announces it).
 */
export async function sendContactMessage(browser: Browser, name: string, email = "visitor@example.com") {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  await page.goto("/contactus");
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Phone number/ }).fill("901-555-0100");
  await page.getByRole("textbox", { name: /^E-mail/ }).fill(email);
  await page.getByRole("textbox", { name: /^Message/ }).fill("Do you buy gold?");
  await page.getByRole("checkbox", { name: /text messages/ }).check();
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you for your message. We'll call you within one business day." })).toBeVisible();
  await context.close();
}

/** Sends a custom order through the public order form from a separate visitor browser. */
export async function sendOrder(browser: Browser, name: string) {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  await page.goto("/orderOnline");
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Phone number/ }).fill("901-555-0111");
  await page.getByRole("textbox", { name: /^E-mail/ }).fill("buyer@example.com");
  await page.getByRole("combobox", { name: /^Jewelry type/ }).selectOption("Custom Ring");
  await page.getByRole("combobox", { name: /^Material preference/ }).selectOption("Gold Rose");
  await page.getByRole("combobox", { name: /^Diamond selection/ }).selectOption("Moissanite");
  await page.getByRole("button", { name: "Submit order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you for your order request. We'll call you within one business day." })).toBeVisible();
  await context.close();
}

/** The unread count on a tab's badge (0 when there is none). */
export async function badgeCount(page: Page, tab: "appointments" | "orders" | "contacts" | "repairs") {
  const badge = page.getByTestId(`badge-${tab}`);
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.getAttribute("data-count"));
}

/**
 * How long a test waits for a push to reach an open dashboard. Nothing else
 * brings a new record (the dashboard never polls), so waiting longer cannot
 * pass a test that should fail; a shorter wait only fails on a busy machine.
 * How fast a push is belongs to the bench.
 */
export const LIVE_PUSH = 10_000;

export async function waitForLive(page: Page) {
  await expect(page.locator('[data-live="connected"]')).toBeVisible({ timeout: LIVE_PUSH });
}

/**
 * Opens a page of one thing (a record, a repair) with `open`, and waits until the browser has opened its room
 * connection: such a page shows no live state, so the connection is watched where the browser makes it.
 */
export async function openWithRoom(page: Page, open: () => Promise<unknown>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const connected = new Promise<void>((resolve) =>
    cdp.on("Network.webSocketHandshakeResponseReceived", (event) => {
      if (event.response.status === 101) resolve();
    }),
  );
  await open();
  await connected;
  await cdp.detach();
}

/** The inbox row showing this name. */
export function rowOf(page: Page, name: string) {
  return page.getByTestId("inbox-row").filter({ has: page.getByRole("link", { name, exact: true }) });
}

/** axe with the WCAG 2.2 A/AA tags on the whole staff page. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`)).toEqual([]);
}

/**
 * axe on what a page opened with JavaScript off shows: axe runs in the page, which such a page never lets it do,
 * so its document (scripts left out) is opened at its own address in a page that runs only axe.
 */
export async function expectNoAxeViolationsAsShown(page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, "");
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize() });
  try {
    const shown = await context.newPage();
    await shown.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
    await shown.route(page.url(), (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await shown.goto(page.url());
    await expectNoAxeViolations(shown);
  } finally {
    await context.close();
  }
}

/** The addresses the page's main frame navigates to from now on: a page kept current live stays where it is. */
export function recordNavigations(page: Page): string[] {
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  return navigations;
}

/**
 * What a staff list's polite live region says from now on, each text in turn, as a screen reader hears them. Other
 * tests' records reach the same room meanwhile, so the region may already say something newer when a test looks.
 */
export async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.locator("main > [aria-live=polite]").evaluate((region) => {
    const said: string[] = [];
    Object.assign(window, { announcedInTest: said });
    new MutationObserver(() => said.push(region.textContent ?? "")).observe(region, { childList: true, characterData: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { announcedInTest: string[] }).announcedInTest);
}

/**
 * A staff member of a test's own (their unread marks move only with the test) at 390 px, who has opened `seen`
 * once, so everything there is read, and now watches `watching` with the room connected.
 */
export async function colleagueWatching(browser: Browser, { seen, watching }: { seen: string; watching: string }) {
  const colleague = await newColleague(browser);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInWithPassword(page, colleague);
  await page.waitForURL("**/dashboard");
  await page.goto(seen);
  await page.goto(watching);
  await waitForLive(page);
  return { context, page };
}

import { expect, test, type WebSocketRoute } from "@playwright/test";
import { signInAsStaff, uniqueName } from "./fixtures";
import { badgeCount, colleagueWatching, LIVE_PUSH, recordAnnouncements, recordNavigations, rowOf, sendContactMessage, waitForLive } from "./dashboard-helpers";
import { logRepair } from "./repair-helpers";

// Leads reach open dashboards without a reload: the row appears at the top,
// marked unread, and the tab's badge goes up; after a lost connection the
// dashboard catches up. Leads come in through the public contact form.

test("a new message appears at the top of an open Contacts tab, marked unread, and its badge goes up", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsStaff(page);
  await page.getByRole("link", { name: /^Contacts/ }).click();
  await page.waitForURL("**/dashboard?tab=contacts");
  await waitForLive(page);
  const existingIds = await page.getByTestId("inbox-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id")));
  const badgeBefore = await badgeCount(page, "contacts");

  const name = uniqueName("Live Row");
  await sendContactMessage(browser, name);

  const row = rowOf(page, name);
  await expect(row).toBeVisible({ timeout: LIVE_PUSH });
  // Above every row that was already there.
  const ids = await page.getByTestId("inbox-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id")));
  const position = ids.indexOf(await row.getAttribute("data-id"));
  expect(ids.slice(0, position).some((id) => existingIds.includes(id))).toBe(false);
  // Unread: light yellow and bold, and labelled so it is not colour alone.
  await expect(row).toHaveAttribute("data-unread", "true");
  const cell = row.locator("td").first();
  await expect(cell).toHaveCSS("background-color", "rgb(255, 247, 209)");
  await expect(cell).toHaveCSS("font-weight", "700");
  await expect(row.getByText("Just in")).toBeVisible();
  await expect.poll(() => badgeCount(page, "contacts")).toBeGreaterThan(badgeBefore);
  // Nothing reloaded the page: the URL is the same and no navigation happened.
  expect(page.url()).toMatch(/\/dashboard\?tab=contacts$/);
  await context.close();
});

test("the Contacts badge rises while staff look at Appointments, and clears when they open Contacts", async ({ browser }) => {
  // Unread marks are kept per account: with the shared one, another test opening Contacts meanwhile would mark
  // this message read before this test opens the tab.
  // A new account has never opened Contacts, so everything there is unread: open it once, then watch Appointments.
  const { context, page } = await colleagueWatching(browser, { seen: "/dashboard?tab=contacts", watching: "/dashboard?tab=appointments" });
  await expect(page.getByTestId("tab-appointments")).toHaveAttribute("aria-current", "page");
  const before = await badgeCount(page, "contacts");

  const name = uniqueName("Badge Row");
  await sendContactMessage(browser, name);
  await expect.poll(() => badgeCount(page, "contacts"), { timeout: LIVE_PUSH }).toBeGreaterThan(before);
  await expect(page.getByTestId("badge-contacts")).toContainText(/\d+ unread|99\+ unread/);

  await page.getByRole("link", { name: /^Contacts/ }).click();
  await page.waitForURL("**/dashboard?tab=contacts");
  await expect(rowOf(page, name)).toHaveAttribute("data-unread", "true");
  await expect(page.getByTestId("badge-contacts")).toHaveCount(0);
  await context.close();
});

test("the Repairs badge rises on an open inbox when another counter logs a repair, without reloading", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await colleagueWatching(browser, { seen: "/dashboard/repairs", watching: "/dashboard?tab=contacts" });
  const before = await badgeCount(page, "repairs");
  const navigations = recordNavigations(page);
  const announced = await recordAnnouncements(page);

  const counter = await browser.newContext();
  const other = await counter.newPage();
  await signInAsStaff(other);
  const ticket = await logRepair(other, uniqueName("Badge Repair"), "901-555-0179");
  await counter.close();

  await expect.poll(() => badgeCount(page, "repairs"), { timeout: LIVE_PUSH }).toBeGreaterThan(before);
  await expect.poll(announced).toContain("New repair logged.");
  expect(navigations).toEqual([]);
  // The badge counts what the Repairs tab then shows as new.
  await page.getByTestId("tab-repairs").click();
  await expect(page.getByTestId("repair-row").filter({ hasText: ticket })).toHaveAttribute("data-unread", "true");
  await context.close();
});

test("the Contacts badge rises on an open Repairs tab when a visitor sends a message, without reloading", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await colleagueWatching(browser, { seen: "/dashboard?tab=contacts", watching: "/dashboard/repairs" });
  const before = await badgeCount(page, "contacts");
  const navigations = recordNavigations(page);
  const announced = await recordAnnouncements(page);

  const name = uniqueName("Badge From Repairs");
  await sendContactMessage(browser, name);
  await expect.poll(() => badgeCount(page, "contacts"), { timeout: LIVE_PUSH }).toBeGreaterThan(before);
  await expect.poll(announced).toContain("New contact message received.");
  // The same words for the next message are a new announcement too, not a live region left as it was.
  await sendContactMessage(browser, uniqueName("Badge From Repairs"));
  await expect
    .poll(async () => (await announced()).filter((text) => text === "New contact message received.").length, { timeout: LIVE_PUSH })
    .toBeGreaterThanOrEqual(2);
  expect(navigations).toEqual([]);
  await page.getByTestId("tab-contacts").click();
  await expect(rowOf(page, name)).toHaveAttribute("data-unread", "true");
  await context.close();
});

test("after a lost connection the dashboard reconnects and catches up on what it missed", async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  let refuse = false;
  let current: WebSocketRoute | null = null;
  await context.routeWebSocket(/\/parties\/dashboard-room\/staff/, (socket) => {
    if (refuse) {
      void socket.close({ code: 1006 });
      return;
    }
    current = socket;
    socket.connectToServer();
  });
  const page = await context.newPage();
  await signInAsStaff(page);
  await page.getByRole("link", { name: /^Contacts/ }).click();
  await page.waitForURL("**/dashboard?tab=contacts");
  await waitForLive(page);

  // The network drops: the socket closes and reconnection attempts fail for now.
  refuse = true;
  await current!.close({ code: 1006 });
  await expect(page.locator('[data-live="reconnecting"]')).toBeVisible();

  const name = uniqueName("Missed Row");
  await sendContactMessage(browser, name);
  await page.waitForTimeout(500);
  await expect(rowOf(page, name)).toHaveCount(0);

  // The network is back: the next attempt connects and the dashboard reloads what it missed.
  refuse = false;
  await expect(page.locator('[data-live="connected"]')).toBeVisible({ timeout: 30_000 });
  await expect(rowOf(page, name)).toBeVisible({ timeout: 5_000 });
  await expect(rowOf(page, name)).toHaveAttribute("data-unread", "true");
  await context.close();
});

test("tabs live in the URL, and a tab loaded in the page shows Fetching data... meanwhile", async ({ page }) => {
  await signInAsStaff(page);
  // Slow the data request down so the loading state is visible.
  await page.route(/\/dashboard\.data/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.getByRole("link", { name: /^Orders/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Fetching data..." })).toBeVisible();
  await page.waitForURL("**/dashboard?tab=orders");
  await expect(page.getByText("Fetching data...")).toHaveCount(0);
  await expect(page.getByTestId("tab-orders")).toHaveAttribute("aria-current", "page");
  // A live refresh (other tests add leads) may still be held by the handler; let it finish before the reload.
  await page.unrouteAll({ behavior: "wait" });

  await page.reload();
  await expect(page.getByTestId("tab-orders")).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: /^Contacts/ }).click();
  await page.waitForURL("**/dashboard?tab=contacts");
  await page.goBack();
  await page.waitForURL("**/dashboard?tab=orders");
  await expect(page.getByTestId("tab-orders")).toHaveAttribute("aria-current", "page");
});

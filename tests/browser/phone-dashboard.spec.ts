import { expect, test, type Browser, type Page } from "@playwright/test";
import { LISTS, STAFF_LISTS, type StaffList } from "../../app/core/staff-lists";
import { freshAddress, signInAsStaff, uniqueName, uniquePhone } from "./fixtures";
import { colleagueWatching, expectNoAxeViolations, expectNoAxeViolationsAsShown, LIVE_PUSH, sendContactMessage, sendOrder } from "./dashboard-helpers";
import { expectNoIbmViolations } from "./ibm-checker";
import { logRepair } from "./repair-helpers";
import { customerTexts } from "./customer-texts";

// Issue 43, section 2: a clerk at the counter opens any staff list on a phone (390 × 844) and sees records, not
// tools: the first record's name is in the first screen, search and filters are one tap away, and a card shows
// what it takes to choose a record (its name, kind, when and status), not every field. Every list of the
// registry is opened, so a list added there is covered: SEND_ONE must then say how one of its records is made.

const PHONE = { width: 390, height: 844 };

/** A visitor books a visit through /book without JavaScript: the last day offered, its last time. */
async function bookOne(browser: Browser, name: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
  const page = await context.newPage();
  await page.goto("/book");
  const form = page.locator("#booking-page-form");
  await form.getByRole("group", { name: /^Day/ }).getByRole("radio").last().check();
  await form.getByRole("button", { name: "Show times for this day" }).click();
  await form.getByRole("group", { name: /^Time/ }).getByRole("radio").last().check();
  await form.getByRole("textbox", { name: /^Name/ }).fill(name);
  await form.getByRole("textbox", { name: /^Phone/ }).fill(uniquePhone());
  await form.getByLabel(/^Service/).selectOption({ index: 1 });
  await form.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("heading", { name: /You're booked/ })).toBeVisible();
  await context.close();
}

/** How a record of each list comes to be; a list added to the registry fails the typecheck here until it says. */
const SEND_ONE: Record<StaffList, (browser: Browser, staff: Page, name: string) => Promise<unknown>> = {
  appointments: (browser, _staff, name) => bookOne(browser, name),
  orders: (browser, _staff, name) => sendOrder(browser, name),
  contacts: (browser, _staff, name) => sendContactMessage(browser, name),
  repairs: (_browser, staff, name) => logRepair(staff, name, uniquePhone()),
  // A number no record has: the text is the record, named by its number.
  texts: (_browser, staff, name) => customerTexts(new URL(staff.url()).origin, `+1${uniquePhone().replace(/\D/g, "")}`, `${name}: do you size rings?`),
};

for (const js of [true, false]) {
  test(`at 390 × 844 ${js ? "with" : "without"} JavaScript, every staff list opens with its first record's name in the first screen, search one tap away`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: PHONE, extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
    const page = await context.newPage();
    await signInAsStaff(page);
    for (const list of STAFF_LISTS) {
      await SEND_ONE[list](browser, page, uniqueName(`Phone ${list}`));
      await page.goto(LISTS[list].href);

      const first = page.locator("tbody tr[data-id]").first();
      const name = first.locator('td[data-card="name"]');
      await expect(name, `${list}: the first record's name`).toBeVisible();
      expect((await name.innerText()).trim(), `${list}: a name`).not.toBe("");
      const box = (await name.boundingBox())!;
      expect(box.y + box.height, `${list}: the first record's name ends inside the first screen`).toBeLessThanOrEqual(PHONE.height);

      // The card shows only what it takes to choose a record: each cell shown says which of those it is.
      const shown = await first.locator("td").evaluateAll((cells) =>
        cells.filter((cell) => cell.getClientRects().length > 0).map((cell) => cell.getAttribute("data-card")),
      );
      expect(new Set(shown), `${list}: the card's cells`).toEqual(new Set(shown.filter((role) => role && ["name", "kind", "when", "status", "preview"].includes(role))));
      expect(shown, `${list}: a name and when`).toEqual(expect.arrayContaining(["name", "when"]));
      // A record has its status on the card; a text, which has none, its first words.
      expect(shown.includes("status") || shown.includes("preview"), `${list}: a status or the words`).toBe(true);

      // Search and filters: one tap.
      const search = page.getByRole("searchbox");
      await expect(search).toBeHidden();
      await page.getByText("Search and filter", { exact: true }).click();
      await expect(search).toBeVisible();

      // IBM's engine reads a closed disclosure's fields as unlabelled: both engines look at the list with it open.
      await expectNoIbmViolations(page, `${list} at 390 px`);
      await (js ? expectNoAxeViolations(page) : expectNoAxeViolationsAsShown(page));
    }
    await context.close();
  });
}

test("at 1280 px every staff list keeps its search in view, without the disclosure, and passes axe and IBM", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
  const page = await context.newPage();
  await signInAsStaff(page);
  for (const list of STAFF_LISTS) {
    await page.goto(LISTS[list].href);
    await expect(page.getByRole("searchbox")).toBeVisible();
    await expect(page.getByText("Search and filter", { exact: true })).toBeHidden();
    await expectNoIbmViolations(page, `${list} at 1280 px`);
    await expectNoAxeViolations(page);
  }
  await context.close();
});

test('at 390 px the "Just in" bar of a record that arrived live lies in its card\'s margin, over no words', async ({ browser }) => {
  const { context, page } = await colleagueWatching(browser, { seen: LISTS.orders.href, watching: LISTS.orders.href });
  const name = uniqueName("Just In");
  await sendOrder(browser, name);
  const row = page.locator("tbody tr.is-arrived").filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: LIVE_PUSH });
  // Whatever draws the bar (an inset shadow of 4 px at its left edge) has at least that much room before its words.
  const bars = await row.evaluate((tr) =>
    [tr, ...tr.querySelectorAll("td")]
      .filter((element) => getComputedStyle(element).boxShadow.includes("inset"))
      .map((element) => ({ tag: element.tagName, padding: parseFloat(getComputedStyle(element).paddingLeft) })),
  );
  expect(bars.length, "the bar is drawn").toBeGreaterThan(0);
  for (const bar of bars) expect(bar.padding, `the bar on <${bar.tag.toLowerCase()}> over its words`).toBeGreaterThanOrEqual(8);
  await context.close();
});

import { expect, test, type Page } from "@playwright/test";
import { newColleague, signInAsStaff, signInWithPassword, TEST_STAFF, uniqueName } from "./fixtures";
import { sendContactMessage } from "./dashboard-helpers";
import { textLines } from "./text-lines";

// Issue 27, "the clerk": saving a record twice keeps both saves; a save over
// another clerk's newer change is told so and overwrites nothing; no staff
// page scrolls sideways at 390 px, and nothing fixed covers a submit button.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

async function openRecord(page: Page, name: string) {
  await page.goto(`/dashboard?tab=contacts&q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

const statusField = (page: Page) => page.getByRole("combobox", { name: "Status" });
const saveButton = (page: Page) => page.getByRole("button", { name: "Save status", exact: true });

async function saveTwice(page: Page) {
  await statusField(page).selectOption("contacted");
  await saveButton(page).click();
  await expect(page.locator(".toast", { hasText: "Status saved." })).toBeVisible();
  // The form shows what was stored, not what the page first loaded.
  await expect(statusField(page)).toHaveValue("contacted");

  await statusField(page).selectOption("done");
  await saveButton(page).click();
  // Stored when the form moves on to the version after it (1 when sent, 2 after the first save, 3 now).
  await expect(page.locator('input[name="version"]')).toHaveValue("3");
  await expect(statusField(page)).toHaveValue("done");

  await page.reload();
  await expect(statusField(page)).toHaveValue("done");
  await expect(page.locator(".record__meta .status-pill")).toHaveText("Done");
}

test("with JavaScript, a clerk saves a record twice and both saves are kept", async ({ browser, page }) => {
  const name = uniqueName("Clerk Twice");
  await sendContactMessage(browser, name);
  await signInAsStaff(page);
  await openRecord(page, name);
  // The phone reads one way and dials with its country code.
  await expect(page.getByRole("link", { name: "(901) 555-0100" })).toHaveAttribute("href", "tel:+19015550100");
  await saveTwice(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a clerk saves a record twice and both saves are kept", async ({ browser, page }) => {
    const name = uniqueName("Clerk NoJS");
    await sendContactMessage(browser, name);
    await signInAsStaff(page);
    await openRecord(page, name);
    await saveTwice(page);
  });
});

test("two clerks set one record's status: the second is told who changed it, and nothing is overwritten", async ({ browser, page }) => {
  const name = uniqueName("Clerk Rivals");
  await sendContactMessage(browser, name);
  await signInAsStaff(page);
  const other = await browser.newContext({ viewport: PHONE });
  const second = await other.newPage();
  await signInAsStaff(second);
  await openRecord(page, name);
  await openRecord(second, name);

  // The second clerk chooses before the first one saves.
  await statusField(second).selectOption("done");

  await statusField(page).selectOption("contacted");
  await saveButton(page).click();
  await expect(page.locator(".toast", { hasText: "Status saved." })).toBeVisible();

  await saveButton(second).click();
  const conflict = second.getByTestId("save-conflict");
  await expect(conflict).toContainText(new RegExp(`Changed by ${TEST_STAFF.email.replace(/[.]/g, "\\.")} at .+, here is the status now\\.`));
  await expect(conflict).toContainText("Status now: Contacted");
  // The second clerk's choice is still in the form.
  await expect(statusField(second)).toHaveValue("done");

  // Nothing was overwritten.
  await page.reload();
  await expect(statusField(page)).toHaveValue("contacted");

  // Having seen it, the second clerk saves again.
  await saveButton(second).click();
  await expect(second.locator(".toast", { hasText: "Status saved." })).toBeVisible();
  await page.reload();
  await expect(statusField(page)).toHaveValue("done");
  await other.close();
});

/** Every staff page a clerk or the owner opens (the test account is the owner). */
async function staffPages(page: Page, recordName: string): Promise<string[]> {
  await page.goto(`/dashboard?tab=contacts&q=${encodeURIComponent(recordName)}`);
  const record = await page.getByRole("link", { name: recordName, exact: true }).getAttribute("href");
  return [
    "/dashboard",
    "/dashboard?tab=appointments&when=upcoming",
    "/dashboard?tab=appointments&when=all",
    "/dashboard?tab=orders",
    "/dashboard?tab=contacts",
    record!,
    "/dashboard/account",
    "/dashboard/staff",
    "/dashboard/audit",
    "/dashboard/no-such-page",
  ];
}

/** Submit buttons whose middle is hidden under something else (a fixed bar, a toast): their labels. */
async function coveredSubmitButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const button of document.querySelectorAll<HTMLButtonElement>("button[type=submit], button:not([type])")) {
      const box = button.getBoundingClientRect();
      // A button in a closed disclosure (a list's search on a phone) is not on screen.
      if (box.width === 0 || box.bottom <= 0 || box.top >= innerHeight || !button.checkVisibility()) continue;
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (top && !button.contains(top)) covered.push(`${button.textContent?.trim()} under <${top.tagName.toLowerCase()} class="${top.className}">`);
    }
    return covered;
  });
}

test("no staff page scrolls sideways at 390 px, and nothing covers a form's submit button", async ({ browser, page }) => {
  test.setTimeout(90_000);
  const name = uniqueName("Clerk Layout");
  await sendContactMessage(browser, name);
  await signInAsStaff(page);
  for (const path of await staffPages(page, name)) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
    expect(await coveredSubmitButtons(page), `${path} at its opening scroll`).toEqual([]);
    for (const button of await page.locator("button[type=submit]:visible").all()) {
      await button.scrollIntoViewIfNeeded();
      expect(await coveredSubmitButtons(page), `${path} scrolled to a button`).toEqual([]);
    }
  }
});

test("on a phone or a tablet every tab of a staff list is in view, even with a 99+ badge on each", async ({ browser, page }) => {
  test.setTimeout(60_000);
  // A colleague of the test's own has never opened Contacts, so its tab carries a badge the server rendered.
  await sendContactMessage(browser, uniqueName("Clerk Tabs"));
  const colleague = await newColleague(browser);
  await signInWithPassword(page, colleague);
  await page.waitForURL("**/dashboard");
  for (const width of [320, PHONE.width, 600]) {
    await page.setViewportSize({ width, height: PHONE.height });
    for (const path of ["/dashboard?tab=appointments", "/dashboard/repairs"]) {
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      const strip = page.getByRole("navigation", { name: "Inboxes" });
      // The widest a tab gets: the server's badge, copied onto every tab, at its cap.
      await strip.evaluate((nav) => {
        const badge = nav.querySelector<HTMLElement>(".unread-badge")!;
        for (const tab of nav.querySelectorAll("a")) {
          tab.querySelector(".unread-badge")?.remove();
          const copy = badge.cloneNode(true) as HTMLElement;
          copy.firstChild!.textContent = "99+";
          tab.appendChild(copy);
        }
      });
      const where = `${path} at ${width} px`;
      expect(await strip.evaluate((nav) => nav.scrollWidth - nav.clientWidth), `${where}: the strip scrolls sideways`).toBeLessThanOrEqual(0);
      for (const tab of await strip.getByRole("link").all()) {
        const name = `${where}: ${await tab.innerText()}`;
        expect(await tab.evaluate((link) => link.scrollWidth - link.clientWidth), `${name} spills out of its tab`).toBeLessThanOrEqual(0);
        const box = (await tab.boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(width);
        expect(box.height, `${name}: a target of at least 44 px`).toBeGreaterThanOrEqual(44);
      }
    }
  }
});

// A phone's card leaves the address off (issue 43: name, kind, when, status); the record shows it.
test("a long e-mail address wraps only before its @ or a dot, in the inbox table and on the record at 390 px", async ({ browser, page }) => {
  test.setTimeout(60_000);
  const name = uniqueName("Clerk Long Email");
  const email = "jennifer.thompson-whitaker@bartlett-example.com";
  await sendContactMessage(browser, name, email);
  await signInAsStaff(page);
  const places = [
    { width: 1280, path: `/dashboard?tab=contacts&q=${encodeURIComponent(name)}`, where: "the inbox table" },
  ];
  let wrapped = 0;
  for (const { width, path, where } of places) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    const lines = await textLines(page.getByRole("link", { name: email, exact: true }).first());
    expect(lines.join(""), where).toBe(email);
    for (const line of lines.slice(1)) expect(line, `${where}: ${lines.join(" | ")}`).toMatch(/^[@.]/);
    if (lines.length > 1) wrapped++;
  }
  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const lines = await textLines(page.getByRole("link", { name: email, exact: true }).first());
  expect(lines.join(""), "the record").toBe(email);
  for (const line of lines.slice(1)) expect(line, `the record: ${lines.join(" | ")}`).toMatch(/^[@.]/);
  if (lines.length > 1) wrapped++;
  // The address is long enough that somewhere it does wrap: the checks above are not of one-line addresses only.
  expect(wrapped).toBeGreaterThan(0);
});

test("the toast after a save covers neither Sign out nor any other submit button", async ({ browser, page }) => {
  const name = uniqueName("Clerk Toast");
  await sendContactMessage(browser, name);
  await signInAsStaff(page);
  await openRecord(page, name);
  await statusField(page).selectOption("done");
  await saveButton(page).click();
  const toast = page.locator(".toast", { hasText: "Status saved." });
  await expect(toast).toBeVisible();
  await page.evaluate(() => scrollTo(0, 0));
  expect(await coveredSubmitButtons(page)).toEqual([]);
  const signOut = await page.getByRole("button", { name: "Sign out" }).boundingBox();
  const shown = await toast.boundingBox();
  expect(shown!.y, "the toast starts below Sign out").toBeGreaterThanOrEqual(signOut!.y + signOut!.height);
});

import { expect, test, type Page } from "@playwright/test";
import { newColleague, signInAsStaff, signInWithPassword, TEST_STAFF, uniqueName } from "./fixtures";
import { expectNoAxeViolations, LIVE_PUSH, openWithRoom, sendContactMessage } from "./dashboard-helpers";
import { ibmViolations } from "./ibm-checker";

// Issue 40, section 4 (decision 140): two clerks add notes to one record, at 390 px, and both notes are kept, each
// signed; the record's timeline shows them with a status change, newest first. With JavaScript and without, twice.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

async function openRecord(page: Page, name: string) {
  await page.goto(`/dashboard?tab=contacts&q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

const noteField = (page: Page) => page.getByRole("textbox", { name: "Add a note" });
const addButton = (page: Page) => page.getByRole("button", { name: "Add note" });
const timeline = (page: Page) => page.getByRole("list", { name: "Timeline, newest first" }).getByRole("listitem");
const toast = (page: Page, text: string) => page.locator(".toast", { hasText: text });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    for (const round of [1, 2]) {
      test(`two clerks add notes to one record and both are kept beside a status change (round ${round})`, async ({ browser, page }) => {
        // Two sign-ins, a colleague's invitation and two accessibility engines: about 20 s on a 2-core machine.
        test.setTimeout(90_000);
        const name = uniqueName(`Notes ${javaScriptEnabled ? "JS" : "NoJS"} ${round}`);
        await sendContactMessage(browser, name);
        const colleague = await newColleague(browser);
        await signInAsStaff(page);
        const theirs = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
        const second = await theirs.newPage();
        await signInWithPassword(second, colleague);
        await second.waitForURL("**/dashboard");
        await openRecord(page, name);
        if (javaScriptEnabled) await openWithRoom(second, () => openRecord(second, name));
        else await openRecord(second, name);
        // What the record's timeline held before (the receipt sent to the visitor).
        const before = await timeline(page).count();

        // Both start writing before either adds.
        await noteField(second).fill("Second clerk: she wants <b>Friday</b> & a quote.");
        await noteField(page).fill("First clerk: left a voicemail.");
        await addButton(page).click();
        await expect(toast(page, "Note added.")).toBeVisible();
        await expect(noteField(page)).toHaveValue("");
        if (javaScriptEnabled) {
          // The first clerk's note reaches the second page live, and the words being typed there stay.
          await expect(timeline(second).first()).toContainText("First clerk: left a voicemail.", { timeout: LIVE_PUSH });
          await expect(noteField(second)).toHaveValue("Second clerk: she wants <b>Friday</b> & a quote.");
        }
        await addButton(second).click();
        await expect(toast(second, "Note added.")).toBeVisible();

        await page.getByRole("combobox", { name: "Status" }).selectOption("contacted");
        await page.getByRole("button", { name: "Save status" }).click();
        await expect(toast(page, "Status saved.")).toBeVisible();

        for (const clerk of [page, second]) {
          await clerk.reload();
          await expect(timeline(clerk)).toHaveCount(before + 3);
          await expect(timeline(clerk).nth(0)).toContainText(`Status set to Contacted`);
          await expect(timeline(clerk).nth(0)).toContainText(TEST_STAFF.email);
          // Shown as the words typed, never as markup.
          await expect(timeline(clerk).nth(1)).toContainText("Second clerk: she wants <b>Friday</b> & a quote.");
          await expect(timeline(clerk).nth(1)).toContainText(colleague.email);
          await expect(timeline(clerk).nth(2)).toContainText("First clerk: left a voicemail.");
          await expect(timeline(clerk).nth(2)).toContainText(TEST_STAFF.email);
        }
        await expect(page.locator(".record__meta .status-pill")).toHaveText("Contacted");

        // An empty note is refused by its field, and nothing is added.
        await noteField(page).fill("   ");
        await addButton(page).click();
        await expect(page.getByText("Write the note first.")).toBeVisible();
        await expect(noteField(page)).toHaveAttribute("aria-invalid", "true");
        await expect(timeline(page)).toHaveCount(before + 3);

        // The engines run as scripts in the page: checked where the page runs them, on the same record page.
        if (javaScriptEnabled) {
          await expectNoAxeViolations(page);
          expect(await ibmViolations(page)).toEqual([]);
        }
        await theirs.close();
      });
    }
  });
}

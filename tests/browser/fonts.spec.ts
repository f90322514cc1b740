// Each font comes in a "core" file every page waits for and an "extra" file with
// the rest of Western European text (docs/decisions/078). A visitor who writes
// an accented name sees it in the site's typeface, at the cost of one small
// download then; a page that needs none of those characters never fetches it.
import { expect, test, type Page } from "@playwright/test";
import { recordRequests } from "./fixtures";

const EXTRA_FONT = /\/assets\/(inter|cormorant-garamond)-extra-[\w-]+\.woff2$/;

/** Whether every face of the body font that covers `text` has loaded, so it is drawn in Inter, not a fallback. */
function drawnInInter(page: Page, text: string) {
  return page.evaluate((sample) => document.fonts.check('16px "Inter Variable"', sample), text);
}

test("an accented name typed into the contact form is drawn in the site's typeface", async ({ page }) => {
  const fonts = recordRequests(page, "font");
  await page.goto("/contactus");
  await page.waitForLoadState("networkidle");
  expect(fonts.filter((path) => EXTRA_FONT.test(path)), "no extra font before it is needed").toEqual([]);
  expect(await drawnInInter(page, "Zoe Renee")).toBe(true);

  await page.getByLabel("Name").first().fill("Zoë Renée");

  await expect.poll(() => drawnInInter(page, "Zoë Renée")).toBe(true);
  expect(fonts.filter((path) => EXTRA_FONT.test(path))).toEqual([expect.stringMatching(/\/inter-extra-/)]);
});

import { expect, test, type Page } from "@playwright/test";
import { rowOf, sendContactMessage } from "./dashboard-helpers";
import { signInAsStaff, uniqueName } from "./fixtures";

// Staff pages load their own stylesheet, without the public site's parts
// (docs/decisions/081). A class a staff page uses that only the public
// stylesheet defines would be left unstyled there, silently: this finds it.

/**
 * React Router's NavLink adds `active` by itself; staff pages style the current
 * link by `aria-current` instead, and the public header's `.active` rules are
 * for its own links.
 */
const NOT_STYLING_HOOKS = new Set(["active"]);

/** Every class a selector in this stylesheet names. */
function classesIn(css: string): Set<string> {
  return new Set([...css.replace(/\/\*[^]*?\*\//g, "").matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!));
}

async function classesOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => [...new Set([...document.querySelectorAll("[class]")].flatMap((element) => [...element.classList]))]);
}

async function stylesheetOf(page: Page): Promise<string> {
  const href = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.ok()).toBe(true);
  return response.text();
}

test("staff pages use no class that only the public stylesheet defines", async ({ browser, page }) => {
  const name = uniqueName("Styles Check");
  await sendContactMessage(browser, name);

  await page.goto("/");
  const publicClasses = classesIn(await stylesheetOf(page));

  await page.goto("/login");
  const staffClasses = classesIn(await stylesheetOf(page));
  const used = new Map<string, string>();
  const collect = async () => {
    for (const cls of await classesOnPage(page)) if (!used.has(cls)) used.set(cls, new URL(page.url()).pathname);
  };
  await collect();

  await signInAsStaff(page);
  for (const path of ["/dashboard", "/dashboard?tab=orders", "/dashboard/account", "/dashboard/staff", "/dashboard/audit", "/dashboard/no-such-page"]) {
    await page.goto(path);
    await collect();
  }
  await page.goto("/dashboard?tab=contacts");
  await rowOf(page, name).getByRole("link", { name, exact: true }).click();
  await page.waitForURL(/\/dashboard\/contacts\/\d+/);
  await collect();

  const onlyPublic = [...used]
    .filter(([cls]) => publicClasses.has(cls) && !staffClasses.has(cls) && !NOT_STYLING_HOOKS.has(cls))
    .map(([cls, path]) => `${cls} (${path})`);
  expect(onlyPublic).toEqual([]);
  // The check has something to check: the pages use many classes, and most are styled.
  expect(used.size).toBeGreaterThan(50);
});

// Content pages ship no JavaScript (docs/decisions/070): with JavaScript on in
// the browser, every content page requests no script at all, and everything on
// it still works: the menus, the carousel, the links and the booking button.
import { expect, test } from "@playwright/test";
import { recordRequests } from "./fixtures";

const CONTENT_PAGES = ["/", "/services", "/aboutus", "/acima", "/snap", "/snapVSacima", "/terms", "/sms-terms", "/privacy", "/no-such-page"];

const MENU_PAGES = new Set(["/", "/services", "/aboutus", "/acima", "/snap", "/snapVSacima"]);

for (const path of CONTENT_PAGES) {
  test(`${path} loads no script, and its menus, links and booking button work`, async ({ page }) => {
    const scripts = recordRequests(page, "script");

    // Phone: the slide-out menu opens and closes, and marks the page you are on.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await page.locator("script:not([type='application/ld+json'])").count()).toBe(0);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
    const toggle = page.locator("summary.mobile-menu__toggle");
    const menu = page.getByRole("navigation", { name: "Menu" });
    await toggle.click();
    await expect(menu).toBeVisible();
    // The menu marks the page you are on (the policy pages and the 404 page are not in it).
    const current = menu.locator('[aria-current="page"]');
    if (MENU_PAGES.has(path)) await expect(current).toHaveAttribute("href", path);
    else await expect(current).toHaveCount(0);
    await toggle.click();
    await expect(menu).toBeHidden();

    // Desktop: the Financing Companies dropdown opens and lists its pages.
    await page.setViewportSize({ width: 1280, height: 900 });
    const main = page.getByRole("navigation", { name: "Main" });
    const financing = main.locator("summary", { hasText: "Financing Companies" });
    await financing.click();
    await expect(main.getByRole("link", { name: "Acima Vs Snap" })).toBeVisible();
    // While it is open, a click anywhere else only closes it (site-menus.spec.ts), so close it first.
    await financing.click();
    await expect(main.getByRole("link", { name: "Acima Vs Snap" })).toBeHidden();

    // The booking button leads to the booking page.
    await expect(page.getByRole("link", { name: "Book an Appointment" })).toHaveAttribute("href", "/book");

    // A header link is an ordinary navigation that opens the next page at the top.
    await page.evaluate(() => window.scrollTo(0, 400));
    const next = path === "/aboutus" ? "Services" : "About Us";
    await main.getByRole("link", { name: next, exact: true }).click();
    await expect(page).toHaveURL(next === "Services" ? /\/services$/ : /\/aboutus$/);
    await expect(main.getByRole("link", { name: next, exact: true })).toHaveAttribute("aria-current", "page");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    expect(scripts).toEqual([]);
  });
}

test("the booking button on a content page opens the booking form", async ({ page }) => {
  const scripts = recordRequests(page, "script");
  await page.goto("/snap");
  await page.getByRole("link", { name: "Book an Appointment" }).click();
  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Book an Appointment/i);
  // The booking page is a form page: it loads its scripts only once the visitor reaches for it (docs/decisions/076).
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
});

test("the review carousel on the home page moves with its links and loads no script", async ({ page }) => {
  const scripts = recordRequests(page, "script");
  await page.goto("/");
  const slides = page.locator('[aria-roledescription="slide"]');
  await slides.first().getByRole("link", { name: "Next review" }).click();
  await expect(page).toHaveURL(/#review-2$/);
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
  await page.getByRole("link", { name: "Go to slide 6 of 6" }).click();
  await expect(slides.nth(5)).toBeInViewport({ ratio: 0.9 });
  expect(scripts).toEqual([]);
});

import { expect, test, type Page } from "@playwright/test";
import { HYDRATED } from "../support/page-scripts";
import { gotoAndStartScripts } from "./fixtures";

// The mobile slide-out menu and the desktop "Financing Companies" dropdown,
// with JavaScript and without.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** The menu icon: a <summary>, named "Open menu" while closed and "Close menu" while open. */
const menuButton = (page: Page) => page.locator("summary.mobile-menu__toggle");
const mobileNav = (page: Page) => page.getByRole("navigation", { name: "Menu" });

/**
 * Content pages run no JavaScript (docs/decisions/070): their menus work as
 * they do with JavaScript off. Escape and closing on a click or focus outside
 * are enhancements of the hydrated pages (the forms), so those are tested on
 * the contact page, once its scripts run.
 */
const HYDRATED_PAGE = "/contactus";
const gotoHydrated = (page: Page) => gotoAndStartScripts(page, HYDRATED_PAGE);

test.describe("mobile menu with JavaScript", () => {
  test.use({ viewport: phone });

  test("opened by the tap that starts the page's scripts, it stays open once they run", async ({ page }) => {
    await page.goto(HYDRATED_PAGE);
    await menuButton(page).click();
    await page.locator(HYDRATED).waitFor({ state: "attached" });
    await expect(mobileNav(page)).toBeVisible();
    // Still closes as a hydrated menu does.
    await page.keyboard.press("Escape");
    await expect(mobileNav(page)).toBeHidden();
  });

  test("the menu icon opens it and the close icon closes it", async ({ page }) => {
    await page.goto("/");
    await expect(mobileNav(page)).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    await expect(menuButton(page)).toHaveAccessibleName("Open menu");
    await menuButton(page).click();
    await expect(mobileNav(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAccessibleName("Close menu");
    // The Information block is in the menu.
    const info = page.locator(".mobile-menu__panel");
    await expect(info.getByRole("link", { name: "(901) 555-0142" })).toHaveAttribute("href", "tel:+19015550142");
    await expect(info.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(info.getByRole("link", { name: /Stage Rd/ })).toHaveAttribute("href", /google\.com\/maps\/search/);
    await expect(info.getByRole("link", { name: /^Instagram/ })).toBeVisible();

    await menuButton(page).click();
    await expect(mobileNav(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAccessibleName("Open menu");
  });

  test("Escape closes it and returns focus to the menu button", async ({ page }) => {
    await gotoHydrated(page);
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(mobileNav(page)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(mobileNav(page).getByRole("link", { name: "Home" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(mobileNav(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test("choosing a link navigates and closes it", async ({ page }) => {
    await page.goto("/");
    await menuButton(page).click();
    await mobileNav(page).getByRole("link", { name: "Acima Vs Snap" }).click();
    await expect(page).toHaveURL(/\/snapVSacima$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acima vs Snap");
    await expect(mobileNav(page)).toBeHidden();
    // The menu marks the page you are on.
    await menuButton(page).click();
    await expect(mobileNav(page).getByRole("link", { name: "Acima Vs Snap" })).toHaveAttribute("aria-current", "page");
  });

  test("tapping the dimmed page beside it closes it", async ({ page }) => {
    await page.goto("/services");
    await page.setViewportSize({ width: 600, height: 844 });
    await menuButton(page).click();
    await expect(mobileNav(page)).toBeVisible();
    await page.mouse.click(40, 400);
    await expect(mobileNav(page)).toBeHidden();
  });
});

test.describe("mobile menu without JavaScript", () => {
  test.use({ viewport: phone, javaScriptEnabled: false });

  test("opens, closes, and its links work", async ({ page }) => {
    await page.goto("/");
    await expect(mobileNav(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAccessibleName("Open menu");
    await menuButton(page).click();
    await expect(mobileNav(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAccessibleName("Close menu");
    await menuButton(page).click();
    await expect(mobileNav(page)).toBeHidden();

    await menuButton(page).click();
    await mobileNav(page).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(mobileNav(page)).toBeHidden();
  });

  test("a tap on the backdrop closes it", async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 844 });
    await page.goto("/aboutus");
    await menuButton(page).click();
    await expect(mobileNav(page)).toBeVisible();
    await page.mouse.click(40, 400);
    await expect(mobileNav(page)).toBeHidden();
  });
});

const financing = (page: Page) => page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Financing Companies" });

test.describe("Financing Companies dropdown", () => {
  test.use({ viewport: desktop });

  test("works by keyboard: open, walk the links, Escape closes", async ({ page }) => {
    await gotoHydrated(page);
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Custom Order" }).focus();
    await page.keyboard.press("Tab");
    await expect(financing(page)).toBeFocused();
    await expect(main.getByRole("link", { name: "Acima", exact: true })).toBeHidden();

    await page.keyboard.press("Enter");
    await expect(main.getByRole("link", { name: "Acima", exact: true })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(main.getByRole("link", { name: "Acima", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(main.getByRole("link", { name: "Snap", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(main.getByRole("link", { name: "Snap", exact: true })).toBeHidden();
    await expect(financing(page)).toBeFocused();

    // Open again and follow a link with the keyboard.
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(main.getByRole("link", { name: "Acima Vs Snap" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/snapVSacima$/);
    await expect(main.getByRole("link", { name: "Acima Vs Snap" })).toBeHidden();
  });

  test("opened by the click that starts the page's scripts, it stays open once they run", async ({ page }) => {
    await page.goto(HYDRATED_PAGE);
    await financing(page).click();
    await page.locator(HYDRATED).waitFor({ state: "attached" });
    const acima = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Acima", exact: true });
    await expect(acima).toBeVisible();
    // Once the scripts run, a click elsewhere closes it and goes through.
    await page.getByRole("heading", { level: 1 }).click();
    await expect(acima).toBeHidden();
  });

  test("closes when focus or a click moves elsewhere", async ({ page }) => {
    await gotoHydrated(page);
    await financing(page).click();
    const acima = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Acima", exact: true });
    await expect(acima).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(acima).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("opens and its links work", async ({ page }) => {
      await page.goto("/");
      await financing(page).click();
      const snap = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Snap", exact: true });
      await expect(snap).toBeVisible();
      await snap.click();
      await expect(page).toHaveURL(/\/snap$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Snap lease-to-own");
    });

    test("a click elsewhere on the page closes it, and a second click there works as usual", async ({ page }) => {
      await page.goto("/services");
      await financing(page).click();
      const main = page.getByRole("navigation", { name: "Main" });
      const acima = main.getByRole("link", { name: "Acima", exact: true });
      await expect(acima).toBeVisible();
      // A point on the page well below the header and left of the list, as a visitor's click would land.
      const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
      await page.mouse.click(heading!.x + 5, heading!.y + heading!.height / 2);
      await expect(acima).toBeHidden();
      await expect(page).toHaveURL(/\/services$/);

      // Closed, it covers nothing: a link is followed on the first click.
      await main.getByRole("link", { name: "About Us" }).click();
      await expect(page).toHaveURL(/\/aboutus$/);
    });
  });
});

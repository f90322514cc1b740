import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PAGES } from "../support/public-pages";

// The shared layout on every public page: header, footer, links that resolve,
// the floating booking link, case-insensitive paths, canonical redirects and
// the designed 404.

/** Console errors and failed same-origin requests while a page loads: a customer would hit them too. */
function watchForErrors(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.hostname === "localhost" && response.status() >= 400) problems.push(`${response.status()} ${url.pathname}`);
  });
  return problems;
}

for (const path of PUBLIC_PAGES) {
  test(`${path} renders with header, footer and one h1, without errors`, async ({ page }) => {
    const problems = watchForErrors(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Bartlett Fine Jewelry", exact: true })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("heading", { name: "Quick Links" })).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
}

test("no page scrolls sideways on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [...PUBLIC_PAGES, "/no-such-page"]) {
    await page.goto(path);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth);
  }
});

test("every internal link in the header and footer resolves", async ({ page, request }) => {
  await page.goto("/");
  const hrefs = await page
    .locator(".topbar a[href^='/'], header.site-header a[href^='/'], footer a[href^='/']")
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href") ?? ""))]);
  // Header: brand, 5 links, 3 financing links (desktop and mobile); footer adds Quick Links and Policies.
  expect(hrefs).toEqual(
    expect.arrayContaining(["/", "/services", "/orderOnline", "/aboutus", "/contactus", "/acima", "/snap", "/snapVSacima", "/terms", "/sms-terms", "/privacy"]),
  );
  for (const href of hrefs) {
    const response = await request.get(href, { maxRedirects: 0 });
    expect(response.status(), href).toBe(200);
  }
});

test("the header calls /orderOnline 'Custom Order' and the footer calls it 'Order Online'", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Custom Order" })).toHaveAttribute(
    "href",
    "/orderOnline",
  );
  await expect(page.getByRole("navigation", { name: "Quick Links" }).getByRole("link", { name: "Order Online" })).toHaveAttribute(
    "href",
    "/orderOnline",
  );
  await expect(page.getByRole("navigation", { name: "Policies" }).getByRole("link")).toHaveText([
    "Terms & Conditions",
    "SMS Terms & Conditions",
    "Privacy Policy",
  ]);
});

test("the current page is highlighted in the header", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/services");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
});

test("social icons and the Information block have names and real targets", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const name of ["Facebook", "Instagram", "Customer reviews", "WhatsApp chat", "YouTube channel"]) {
    const link = footer.getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute("href", /^https:\/\//);
  }
  await expect(footer.getByRole("link", { name: "(901) 555-0142" })).toHaveAttribute("href", "tel:+19015550142");
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(footer.getByRole("link", { name: /Stage Rd/ })).toHaveAttribute("href", /google\.com\/maps\/search/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Book an Appointment is a real link to the booking page", async ({ page }) => {
    await page.goto("/aboutus");
    const book = page.getByRole("link", { name: "Book an Appointment" });
    await expect(book).toBeVisible();
    await book.click();
    await expect(page).toHaveURL(/\/book$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Book an Appointment/i);
  });
});

test("the floating buttons never cover the last footer links", async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/privacy");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const book = await page.locator(".book-button").boundingBox();
    for (const link of await page.getByRole("contentinfo").getByRole("link").all()) {
      const box = await link.boundingBox();
      if (!box || !book) continue;
      const overlaps =
        box.x < book.x + book.width && box.x + box.width > book.x && box.y < book.y + book.height && box.y + box.height > book.y;
      expect(overlaps, `${await link.textContent()} at ${width}px`).toBe(false);
    }
  }
});

test("a page typed in another letter case opens, at its own spelling", async ({ page }) => {
  const response = await page.goto("/OrderOnline");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/orderOnline$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order Online Form");

  expect((await page.goto("/SNAPvsACIMA"))?.status()).toBe(200);
  await expect(page).toHaveURL(/\/snapVSacima$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acima vs Snap");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/snapVSacima$/);
});

test("a trailing slash or another spelling redirects permanently, in one step, to the canonical path, keeping the query", async ({ request, baseURL }) => {
  for (const [from, to] of [
    ["/services/", "/services"],
    ["/snapVSacima/?ref=ad", "/snapVSacima?ref=ad"],
    ["/aboutus///", "/aboutus"],
    ["/Services", "/services"],
    ["/SERVICES/?utm_source=x", "/services?utm_source=x"],
    ["/%73ervices", "/services"],
    ["/ContactUs", "/contactus"],
  ]) {
    const response = await request.get(`${baseURL}${from}`, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    const location = new URL(response.headers()["location"] ?? "", "http://invalid");
    expect(location.pathname + location.search, from).toBe(to);
    expect(location.host, from).toBe(new URL(baseURL!).host);
    // Never kept by a browser: a later deploy may rename the page it points to.
    expect(response.headers()["cache-control"], from).toBe("private, no-store");
  }
  expect((await request.get("/", { maxRedirects: 0 })).status()).toBe(200);
});

test("an unknown path gets the designed 404 page with links back into the site", async ({ page }) => {
  const response = await page.goto("/no-such-page/anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is not in our case");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await page.getByRole("main").getByRole("link", { name: /Services/ }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Everything your jewelry needs");
});

// Links are full page loads now (docs/decisions/070); a visitor still lands at the top.
test("the page scrolls to the top on every route change", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions", exact: true }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("with no measurement id configured, no analytics script loads", async ({ page }) => {
  const analyticsRequests: string[] = [];
  page.on("request", (request) => {
    if (/googletagmanager|google-analytics/.test(request.url())) analyticsRequests.push(request.url());
  });
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.locator("script[src*='googletagmanager']")).toHaveCount(0);
  expect(analyticsRequests).toEqual([]);
});

import { expect, test } from "@playwright/test";
import { store } from "../../app/config/store";
import { PUBLIC_PAGES } from "../support/public-pages";

// What search engines and link previews read: sitemap, robots, JSON-LD, and a
// unique title, description, canonical URL and Open Graph tags on every page.
// They name the configured origin, whatever host the request came to: a Host
// header must not choose a canonical URL, and content pages are built before
// any request (docs/decisions/138).
const SITE = store.siteOrigin;

test("/sitemap.xml is well-formed XML listing every public page", async ({ page, request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  await page.goto("/");
  const locs = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    if (doc.querySelector("parsererror")) throw new Error("sitemap is not well-formed XML");
    if (doc.documentElement.namespaceURI !== "http://www.sitemaps.org/schemas/sitemap/0.9") throw new Error("wrong namespace");
    return [...doc.getElementsByTagName("loc")].map((loc) => loc.textContent ?? "");
  }, xml);
  expect(locs.sort()).toEqual(PUBLIC_PAGES.map((path) => `${SITE}${path}`).sort());
  for (const loc of locs) {
    // Each listed page answers itself (here, on the test server), names itself canonical, and is not noindex.
    const page = await request.get(new URL(loc).pathname, { maxRedirects: 0 });
    expect(page.status(), loc).toBe(200);
    const html = await page.text();
    expect(html, loc).toContain(`<link rel="canonical" href="${loc}"/>`);
    expect(html, loc).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
  }
});

test("/robots.txt keeps crawlers out of the dashboard, lets them read the login's noindex, and points to the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const lines = (await response.text()).split("\n").map((line) => line.trim());
  expect(lines).toContain("User-agent: *");
  expect(lines).toContain("Disallow: /dashboard");
  expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  expect(lines.some((line) => /^Disallow:\s*\/\s*$/.test(line))).toBe(false);
  // A crawler may fetch /login (docs/decisions/098), and what it reads there is noindex.
  expect(lines.filter((line) => /^Disallow:/.test(line) && "/login".startsWith(line.replace(/^Disallow:\s*/, "")))).toEqual([]);
  const login = await request.get("/login");
  expect(login.status()).toBe(200);
  expect(await login.text()).toMatch(/<meta name="robots" content="noindex, nofollow"\/>/);
});

test("the JSON-LD JewelryStore parses and carries the store's facts", async ({ page }) => {
  for (const path of ["/", "/contactus"]) {
    await page.goto(path);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks).toHaveLength(1);
    const store = JSON.parse(blocks[0]!);
    expect(store["@context"]).toBe("https://schema.org");
    expect(store["@type"]).toBe("JewelryStore");
    expect(store.name).toBe("Bartlett Fine Jewelry");
    expect(store.url).toBe(`${SITE}/`);
    expect(store.telephone).toBe("+19015550142");
    expect(store.address).toMatchObject({
      "@type": "PostalAddress",
      streetAddress: expect.stringContaining("Stage Rd"),
      addressLocality: "Bartlett",
      addressRegion: "TN",
      postalCode: "38134",
      addressCountry: "US",
    });
    expect(store.geo).toMatchObject({ "@type": "GeoCoordinates", latitude: expect.any(Number), longitude: expect.any(Number) });
    expect(store.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "11:00",
        closes: "18:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Sunday"], opens: "11:00", closes: "19:00" },
    ]);
    expect(store.sameAs.length).toBeGreaterThanOrEqual(3);
    for (const url of store.sameAs) expect(url).toMatch(/^https:\/\//);
  }
});

test("every public page has a unique title and description, a canonical URL and Open Graph tags", async ({ page }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    const title = await page.title();
    const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
    expect(title, path).toMatch(/Bartlett Fine Jewelry/);
    expect(description.length, path).toBeGreaterThan(50);
    expect(description.length, path).toBeLessThanOrEqual(200);
    titles.add(title);
    descriptions.add(description);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", `${SITE}${path}`);
    await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:description"]'), path).toHaveAttribute("content", description);
    await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute("content", `${SITE}${path}`);
    await expect(page.locator('meta[property="og:type"]'), path).toHaveAttribute("content", "website");
    await expect(page.locator('meta[property="og:image"]'), path).toHaveAttribute("content", `${SITE}/images/og-image.jpg`);
  }
  expect(titles.size).toBe(PUBLIC_PAGES.length);
  expect(descriptions.size).toBe(PUBLIC_PAGES.length);
});

test("the Open Graph image and icons exist", async ({ request }) => {
  for (const [path, type] of [
    ["/images/og-image.jpg", "image/jpeg"],
    ["/favicon.svg", "image/svg+xml"],
    ["/favicon.ico", "image/"],
    ["/images/apple-touch-icon.png", "image/png"],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain(type);
  }
});

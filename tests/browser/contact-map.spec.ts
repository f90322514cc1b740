// The contact page's map (docs/decisions/075): Google's embed is a page of its
// own, so with JavaScript it is added only when the visitor scrolls near it;
// without JavaScript the browser shows it from <noscript>. Google is outside
// this machine: its answer is faked at the network boundary.
import { expect, test, type Page } from "@playwright/test";

const MAP_TITLE = /^Map showing/;

async function fakeGoogleMaps(page: Page) {
  const requests: string[] = [];
  await page.route("https://www.google.com/maps**", async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title><p>Map of the showroom</p>" });
  });
  return requests;
}

test("with JavaScript, the map loads when the visitor scrolls to it, not before", async ({ page }) => {
  const requests = await fakeGoogleMaps(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/contactus");
  await page.waitForLoadState("networkidle");
  expect(requests).toEqual([]);
  await expect(page.locator("iframe")).toHaveCount(0);

  // Scrolling with the wheel is the visitor's first interaction: it starts the
  // page's scripts (docs/decisions/076), and they add the map as it comes near.
  const heading = page.getByRole("heading", { name: "Find the showroom" });
  await page.mouse.move(200, 400);
  while (!(await heading.evaluate((element) => element.getBoundingClientRect().top < innerHeight))) {
    await page.mouse.wheel(0, 600);
  }
  const map = page.locator(`iframe[title]`);
  await expect(map).toHaveAttribute("title", MAP_TITLE);
  await expect(page.frameLocator("iframe").getByText("Map of the showroom")).toBeVisible();
  expect(requests).toHaveLength(1);
  expect(new URL(requests[0]!).searchParams.get("output")).toBe("embed");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the map is shown as before", async ({ page }) => {
    const requests = await fakeGoogleMaps(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/contactus");
    await page.getByRole("heading", { name: "Find the showroom" }).scrollIntoViewIfNeeded();
    await expect(page.frameLocator("iframe").getByText("Map of the showroom")).toBeVisible();
    await expect(page.locator("iframe")).toHaveAttribute("title", MAP_TITLE);
    expect(requests.length).toBeGreaterThan(0);
  });
});

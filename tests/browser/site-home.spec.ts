import { expect, test, type Page } from "@playwright/test";

// The home page: the review carousel (manual only, keyboard operable,
// announced; a plain scrolling row without JavaScript), video blocks that
// load nothing until asked, and the preloaded hero image.

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]');
const slides = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]');

/** True when the slide's centre is inside the carousel's visible track. */
async function slideInView(page: Page, index: number) {
  return page.evaluate((i) => {
    const track = document.querySelector(".review-carousel__track")!;
    const slide = track.querySelectorAll('[aria-roledescription="slide"]')[i]!;
    const t = track.getBoundingClientRect();
    const s = slide.getBoundingClientRect();
    const centre = s.left + s.width / 2;
    return centre > t.left && centre < t.right;
  }, index);
}

async function expectCurrent(page: Page, index: number) {
  await expect(page.getByRole("button", { name: `Go to slide ${index + 1} of 6` })).toHaveAttribute("aria-current", "true");
  await expect.poll(() => slideInView(page, index)).toBe(true);
}

test.describe("review carousel", () => {
  test("has six labelled slides, each with a heading, text, five stars and a photo", async ({ page }) => {
    await page.goto("/");
    await expect(carousel(page)).toHaveAccessibleName("What our customers say");
    await expect(slides(page)).toHaveCount(6);
    for (let i = 0; i < 6; i++) {
      const slide = slides(page).nth(i);
      await expect(slide).toHaveAttribute("role", "group");
      await expect(slide).toHaveAccessibleName(`Slide ${i + 1} of 6`);
      await expect(slide.getByRole("heading", { level: 3 })).not.toBeEmpty();
      await expect(slide.locator("blockquote")).not.toBeEmpty();
      await expect(slide.locator(".stars svg")).toHaveCount(5);
      await expect(slide.getByText("Rated 5 out of 5")).toBeAttached();
      await expect(slide.locator("img")).toHaveAttribute("src", /\/images\/reviewer-\d\.svg$/);
    }
  });

  test("previous, next and the indicators move it; it never moves by itself", async ({ page }) => {
    await page.goto("/");
    const next = page.getByRole("button", { name: "Next review" });
    const previous = page.getByRole("button", { name: "Previous review" });
    await expect(next).toBeVisible();
    await expectCurrent(page, 0);

    await next.click();
    await expectCurrent(page, 1);
    await expect(page.locator("[aria-live='polite']").filter({ hasText: "Slide 2 of 6" })).toBeAttached();
    await next.click();
    await expectCurrent(page, 2);
    await previous.click();
    await expectCurrent(page, 1);

    await page.getByRole("button", { name: "Go to slide 5 of 6" }).click();
    await expectCurrent(page, 4);
    await page.getByRole("button", { name: "Go to slide 6 of 6" }).click();
    await expectCurrent(page, 5);
    // Next after the last wraps to the first; previous before the first wraps to the last.
    await next.click();
    await expectCurrent(page, 0);
    await previous.click();
    await expectCurrent(page, 5);

    // No automatic advance.
    await page.waitForTimeout(6000);
    await expectCurrent(page, 5);
  });

  test("is operable by keyboard", async ({ page }) => {
    await page.goto("/");
    const next = page.getByRole("button", { name: "Next review" });
    await expect(next).toBeVisible();
    await next.focus();
    await page.keyboard.press("Enter");
    await expectCurrent(page, 1);
    await page.keyboard.press("Space");
    await expectCurrent(page, 2);
    await page.getByRole("button", { name: "Go to slide 1 of 6" }).focus();
    await page.keyboard.press("Enter");
    await expectCurrent(page, 0);
  });

  test("a swipe (scroll) moves the indicator too", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Next review" })).toBeVisible();
    await page.locator(".review-carousel__track").evaluate((track) => track.scrollTo({ left: track.clientWidth * 3 }));
    await expect(page.getByRole("button", { name: "Go to slide 4 of 6" })).toHaveAttribute("aria-current", "true");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("is a scrollable row of all six reviews, reachable by keyboard", async ({ page }) => {
      await page.goto("/");
      await expect(slides(page)).toHaveCount(6);
      await expect(page.getByRole("button", { name: "Next review" })).toHaveCount(0);
      await expect(page.getByText("Scroll sideways for all 6 reviews.")).toBeVisible();
      const track = page.locator(".review-carousel__track");
      await expect(track).toHaveAttribute("tabindex", "0");
      const { scrollWidth, clientWidth } = await track.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(scrollWidth).toBeGreaterThanOrEqual(clientWidth * 6 - 6);
      await track.focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    });
  });
});

test.describe("collection", () => {
  test("is a grid on desktop and a swipeable row on phones", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const region = page.getByRole("region", { name: "Our collection" });
    const titles = ["Rings", "Chains", "Earrings", "Bracelets", "Pendants", "Custom Grillz"];
    await expect(region.getByRole("heading", { level: 3 })).toHaveText(titles);
    const track = region.locator(".scroller__track");
    expect(await track.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(region.getByRole("button", { name: /Next/ })).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await track.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await region.getByRole("button", { name: "Next: Our collection" }).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    await expect(region.getByRole("button", { name: "Previous: Our collection" })).toBeEnabled();
  });

  test("video blocks show a poster and a play control, and load no video until asked", async ({ page }) => {
    await page.goto("/");
    const plays = page.getByRole("link", { name: /^Play video/ });
    await expect(plays).toHaveCount(2);
    await expect(plays.first()).toHaveAccessibleName(/Chains, on YouTube \(opens in a new tab\)/);
    await expect(plays.first()).toHaveAttribute("href", /youtube\.com/);
    await expect(page.locator(".video-block img")).toHaveCount(2);
    await expect(page.locator("video, iframe")).toHaveCount(0);
  });
});

test("the hero ring is preloaded and every image has its size set", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute("href", "/images/hero-ring.svg");
  const hero = page.locator(".hero img");
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).not.toHaveAttribute("loading", "lazy");
  for (const path of ["/", "/services", "/aboutus"]) {
    await page.goto(path);
    const unsized = await page.locator("img").evaluateAll((images) =>
      images.filter((img) => !img.getAttribute("width") || !img.getAttribute("height")).map((img) => img.getAttribute("src")),
    );
    expect(unsized, path).toEqual([]);
    const remote = await page.locator("img").evaluateAll((images) =>
      images.map((img) => img.getAttribute("src") ?? "").filter((src) => /^(https?:)?\/\//.test(src)),
    );
    expect(remote, path).toEqual([]);
  }
});

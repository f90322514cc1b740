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

/** True when the slide fills the track: the smooth scroll has come to rest on it. */
async function slideAtRest(page: Page, index: number) {
  return page.evaluate((i) => {
    const track = document.querySelector(".review-carousel__track")!;
    const slide = track.querySelectorAll('[aria-roledescription="slide"]')[i]!;
    return Math.abs(slide.getBoundingClientRect().left - track.getBoundingClientRect().left) < 2;
  }, index);
}

/** The slide in view is `index`, and its indicator is the one drawn as chosen (wider). */
async function expectCurrent(page: Page, index: number) {
  await expect.poll(() => slideInView(page, index)).toBe(true);
  await expect.poll(() => slideAtRest(page, index)).toBe(true);
  const indicatorWidths = await page
    .locator(".review-carousel__indicator > span")
    .evaluateAll((dots) => dots.map((dot) => dot.getBoundingClientRect().width));
  const widest = Math.max(...indicatorWidths);
  expect(indicatorWidths.findIndex((width) => width === widest)).toBe(index);
}

/** Previous/next: each slide has its own pair; the one a visitor sees is the pair of the slide in view. */
const visibleControl = (page: Page, name: "Previous review" | "Next review", index: number) =>
  slides(page).nth(index).getByRole("link", { name });

// No JavaScript on content pages (docs/decisions/070): the same carousel with
// JavaScript on or off. Previous/next and the indicators are links to the
// slides' anchors, so these tests check what a visitor sees (the slide in view,
// the indicator drawn as chosen) instead of the aria-current the script used to set.
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

  for (const javaScriptEnabled of [true, false]) {
    test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });

      test("previous, next and the indicators move it; it never moves by itself", async ({ page }) => {
        await page.goto("/");
        await expect(visibleControl(page, "Next review", 0)).toBeVisible();
        await expectCurrent(page, 0);

        await visibleControl(page, "Next review", 0).click();
        await expectCurrent(page, 1);
        await visibleControl(page, "Next review", 1).click();
        await expectCurrent(page, 2);
        await visibleControl(page, "Previous review", 2).click();
        await expectCurrent(page, 1);

        await page.getByRole("link", { name: "Go to slide 5 of 6" }).click();
        await expectCurrent(page, 4);
        await page.getByRole("link", { name: "Go to slide 6 of 6" }).click();
        await expectCurrent(page, 5);
        // Next after the last wraps to the first; previous before the first wraps to the last.
        await visibleControl(page, "Next review", 5).click();
        await expectCurrent(page, 0);
        await visibleControl(page, "Previous review", 0).click();
        await expectCurrent(page, 5);
        // The section heading stays in view above the slide.
        await expect(page.getByRole("heading", { name: "What our customers say" })).toBeInViewport();

        // No automatic advance.
        await page.waitForTimeout(javaScriptEnabled ? 6000 : 1000);
        await expectCurrent(page, 5);
      });
    });
  }

  test("is operable by keyboard", async ({ page }) => {
    await page.goto("/");
    const next = visibleControl(page, "Next review", 0);
    await next.focus();
    await page.keyboard.press("Enter");
    await expectCurrent(page, 1);
    await page.getByRole("link", { name: "Go to slide 1 of 6" }).focus();
    await page.keyboard.press("Enter");
    await expectCurrent(page, 0);
    // The arrow keys scroll the track from the links in it; the track is no tab stop of its own
    // (a tab stop needs a widget's role, and a scrolling row has none).
    const track = page.locator(".review-carousel__track");
    await expect(track).not.toHaveAttribute("tabindex");
    await visibleControl(page, "Next review", 0).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  test("a swipe (scroll) brings the next slide, with its own previous/next pair", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await carousel(page).scrollIntoViewIfNeeded();
    await page.locator(".review-carousel__track").evaluate((track) => track.scrollTo({ left: track.clientWidth * 3 }));
    await expect.poll(() => slideInView(page, 3)).toBe(true);
    await expect(visibleControl(page, "Next review", 3)).toBeInViewport();
    await visibleControl(page, "Next review", 3).click();
    await expect.poll(() => slideInView(page, 4)).toBe(true);
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

    // No script (docs/decisions/070): the row swipes, and scrolls by keyboard from the links in it.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await track.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(track).not.toHaveAttribute("tabindex");
    await region.getByRole("link", { name: /^Play video/ }).first().focus();
    const afterFocus = await track.evaluate((el) => el.scrollLeft);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(afterFocus);
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

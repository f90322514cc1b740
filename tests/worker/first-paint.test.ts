// What a page's first paint waits for (docs/decisions/075): on a page that
// hydrates, the scripts are fetched at low priority, after the stylesheet and
// fonts; the fonts preloaded are the subset files the stylesheet uses; and the
// contact page's map is not fetched before the visitor scrolls near it.
import { describe, expect, it } from "vitest";
import { createStaff, get, signIn } from "./helpers";

const tagsOf = (html: string, pattern: RegExp) => html.match(pattern) ?? [];

function expectScriptsPreloadedLow(html: string) {
  const preloads = tagsOf(html, /<link\b[^>]*rel="modulepreload"[^>]*>/g);
  expect(preloads.length).toBeGreaterThan(3);
  for (const tag of preloads) expect(tag).toContain('fetchpriority="low"');
}

describe("pages that hydrate", () => {
  for (const path of ["/contactus", "/orderOnline", "/book", "/login"]) {
    it(`${path} preloads its scripts at low priority`, async () => {
      expectScriptsPreloadedLow(await (await get(path)).text());
    });
  }

  it("the staff inbox preloads its scripts at low priority too", async () => {
    const cookie = await signIn(await createStaff());
    expectScriptsPreloadedLow(await (await get("/dashboard", { Cookie: cookie })).text());
  });
});

describe("fonts", () => {
  it("preloads the two subset files (Latin; Inter cut to the weights the stylesheet uses)", async () => {
    const html = await (await get("/terms")).text();
    const fonts = tagsOf(html, /<link\b[^>]*as="font"[^>]*>/g).map((tag) => /href="([^"]+)"/.exec(tag)?.[1]);
    expect(fonts).toHaveLength(2);
    expect(fonts.some((href) => /\/assets\/inter-latin-wght-400-700-[\w-]+\.woff2$/.test(href ?? ""))).toBe(true);
    expect(fonts.some((href) => /\/assets\/cormorant-garamond-latin-600-[\w-]+\.woff2$/.test(href ?? ""))).toBe(true);
  });
});

describe("the contact page's map", () => {
  it("is in the HTML only for browsers without JavaScript", async () => {
    const html = await (await get("/contactus")).text();
    const frames = tagsOf(html, /<iframe\b[^>]*>/g);
    expect(frames).toHaveLength(1);
    expect(html).toMatch(/<noscript><iframe\b[^>]*src="https:\/\/www\.google\.com\/maps\?[^"]*output=embed"/);
  });
});

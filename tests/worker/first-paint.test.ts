// What a page's first paint waits for (docs/decisions/075, 076): a public form
// page and the sign-in page fetch no script until the visitor reaches for it; a staff page fetches
// its scripts at low priority, after the stylesheet and fonts; the fonts
// preloaded are the subset files the stylesheet uses; and the contact page's map
// is not fetched before the visitor scrolls near it. Staff pages load a
// stylesheet of their own (docs/decisions/081).
import { describe, expect, it } from "vitest";
import { PARKED_MODULE_TYPE, PARKED_PRELOAD_REL } from "~/http/page-scripts.server";
import { createStaff, get, signIn } from "./helpers";

const tagsOf = (html: string, pattern: RegExp) => html.match(pattern) ?? [];

function expectScriptsPreloadedLow(html: string) {
  const preloads = tagsOf(html, /<link\b[^>]*rel="modulepreload"[^>]*>/g);
  expect(preloads.length).toBeGreaterThan(3);
  for (const tag of preloads) expect(tag).toContain('fetchpriority="low"');
}

describe("public form pages and the sign-in page (decision 138)", () => {
  for (const path of ["/contactus", "/orderOnline", "/book", "/login"]) {
    it(`${path} preloads no script and parks its preloads and entry module, twice with the response's own nonce`, async () => {
      // The second visit is stamped from the first one's render (docs/decisions/074).
      for (let visit = 0; visit < 2; visit++) {
        const response = await get(path);
        const html = await response.text();
        const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
        expect(nonce).not.toBe("");
        expect(tagsOf(html, /<link\b[^>]*rel="modulepreload"[^>]*>/g)).toEqual([]);
        // The preloads wait too, under a link type no browser fetches, to be put back at the start.
        const parkedPreloads = tagsOf(html, new RegExp(`<link\\b[^>]*rel="${PARKED_PRELOAD_REL}"[^>]*>`, "g"));
        expect(parkedPreloads.length).toBeGreaterThan(3);
        for (const tag of parkedPreloads) expect(tag).toContain(`nonce="${nonce}"`);
        expect(tagsOf(html, /<script\b[^>]*type="module"[^>]*>/g)).toEqual([]);
        const parked = tagsOf(html, new RegExp(`<script\\b[^>]*type="${PARKED_MODULE_TYPE}"[^>]*>`, "g"));
        expect(parked).toHaveLength(1);
        expect(parked[0]).toContain(`nonce="${nonce}"`);
        // Right after it, the starter that puts it back on the first interaction, allowed by the same nonce.
        const after = html.slice(html.indexOf(parked[0]!));
        expect(after).toMatch(/^[^]*?<\/script><script nonce="([^"]+)">\(\(\) => \{/);
        expect(/<\/script><script nonce="([^"]+)">\(\(\) => \{/.exec(after)?.[1]).toBe(nonce);
        expect(after).toContain(`script[type="${PARKED_MODULE_TYPE}"]`);
      }
    });
  }
});

describe("staff pages", () => {
  it("the staff inbox preloads its scripts at low priority too", async () => {
    const cookie = await signIn(await createStaff());
    expectScriptsPreloadedLow(await (await get("/dashboard", { Cookie: cookie })).text());
  });
});

describe("stylesheets", () => {
  const stylesheetsOf = (html: string) =>
    tagsOf(html, /<link\b[^>]*rel="stylesheet"[^>]*>/g).map((tag) => /href="([^"]+)"/.exec(tag)?.[1]);

  it("a staff page loads one stylesheet of its own, not the public site's (decision 081)", async () => {
    const [publicSheet] = stylesheetsOf(await (await get("/terms")).text());
    const cookie = await signIn(await createStaff());
    for (const [path, headers] of [["/login", {}], ["/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", {}], ["/dashboard", { Cookie: cookie }]] as const) {
      const sheets = stylesheetsOf(await (await get(path, headers)).text());
      expect(sheets, path).toHaveLength(1);
      expect(sheets[0], path).not.toBe(publicSheet);
    }
    // Its size is held by the staff budget in tests/support/budgets.ts (the browser measures the bytes).
  });

  it("every public page loads the one public stylesheet", async () => {
    const [sheet] = stylesheetsOf(await (await get("/")).text());
    for (const path of ["/services", "/contactus", "/book", "/no-such-page"]) {
      expect(stylesheetsOf(await (await get(path)).text()), path).toEqual([sheet]);
    }
  });
});

describe("fonts", () => {
  it("preloads the core file of each font, not the files with the rest of Western European text", async () => {
    const html = await (await get("/terms")).text();
    const fonts = tagsOf(html, /<link\b[^>]*as="font"[^>]*>/g).map((tag) => /href="([^"]+)"/.exec(tag)?.[1]);
    expect(fonts).toHaveLength(2);
    expect(fonts.some((href) => /\/assets\/inter-core-wght-400-700-[\w-]+\.woff2$/.test(href ?? ""))).toBe(true);
    expect(fonts.some((href) => /\/assets\/cormorant-garamond-core-600-[\w-]+\.woff2$/.test(href ?? ""))).toBe(true);
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

// What a first visit to a page downloads in JavaScript and CSS, measured in a
// real browser (so lazy chunks a page really pulls in count, and preloads that
// are never used count too). Shared by the budget test and `npm run bench`;
// plain, erasable TypeScript so Node can load it without a build step.
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions } from "@playwright/test";

export interface FirstLoad {
  /** gzip bytes (zlib default level, as a server compressing on the fly would). */
  jsGzip: number;
  cssGzip: number;
  jsRaw: number;
  cssRaw: number;
  jsFiles: string[];
  cssFiles: string[];
}

/**
 * Loads `url` in a fresh browser context (empty cache), waits until the
 * network is idle, and adds up every script and stylesheet the page fetched
 * from its own origin.
 */
export async function measureFirstLoad(
  browser: Browser,
  url: string,
  /** A signed-in visitor's cookies, for the staff pages. */
  storageState?: BrowserContextOptions["storageState"],
): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState });
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const pending: Promise<{ kind: "js" | "css"; path: string; raw: number; gzip: number }>[] = [];
  page.on("response", (response) => {
    const kind = response.request().resourceType();
    const responseUrl = new URL(response.url());
    if (responseUrl.origin !== origin || (kind !== "script" && kind !== "stylesheet")) return;
    pending.push(
      response.body().then((body) => ({
        kind: kind === "script" ? "js" : "css",
        path: responseUrl.pathname,
        raw: body.length,
        gzip: gzipSync(body).length,
      })),
    );
  });
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    const files = await Promise.all(pending);
    const totals: FirstLoad = { jsGzip: 0, cssGzip: 0, jsRaw: 0, cssRaw: 0, jsFiles: [], cssFiles: [] };
    const seen = new Set<string>();
    for (const file of files) {
      if (seen.has(file.path)) continue;
      seen.add(file.path);
      if (file.kind === "js") {
        totals.jsGzip += file.gzip;
        totals.jsRaw += file.raw;
        totals.jsFiles.push(file.path);
      } else {
        totals.cssGzip += file.gzip;
        totals.cssRaw += file.raw;
        totals.cssFiles.push(file.path);
      }
    }
    return totals;
  } finally {
    await context.close();
  }
}

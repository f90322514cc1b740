// What a first visit to a page downloads in JavaScript, CSS and fonts, measured in a
// real browser (so lazy chunks a page really pulls in count, and preloads that
// are never used count too). Shared by the budget test and `npm run bench`;
// plain, erasable TypeScript so Node can load it without a build step.
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { startPageScripts } from "./page-scripts.ts";

export interface FirstLoad {
  /** gzip bytes (zlib default level, as a server compressing on the fly would). */
  jsGzip: number;
  cssGzip: number;
  jsRaw: number;
  cssRaw: number;
  jsFiles: string[];
  cssFiles: string[];
  /** Web fonts, as sent: woff2 is compressed already. */
  fontBytes: number;
  fontFiles: string[];
  /**
   * On a page that runs its scripts only once the visitor reaches for it
   * (docs/decisions/076): everything downloaded by the time they run.
   */
  afterIntent?: Omit<FirstLoad, "afterIntent">;
}

interface Fetched {
  kind: "js" | "css" | "font";
  path: string;
  raw: number;
  gzip: number;
}

const KINDS: Record<string, Fetched["kind"] | undefined> = { script: "js", stylesheet: "css", font: "font" };

function addUp(files: Fetched[]): Omit<FirstLoad, "afterIntent"> {
  const totals = {
    jsGzip: 0,
    cssGzip: 0,
    jsRaw: 0,
    cssRaw: 0,
    jsFiles: [] as string[],
    cssFiles: [] as string[],
    fontBytes: 0,
    fontFiles: [] as string[],
  };
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) continue;
    seen.add(file.path);
    if (file.kind === "font") {
      totals.fontBytes += file.raw;
      totals.fontFiles.push(file.path);
    } else if (file.kind === "js") {
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
}

/**
 * Loads `url` in a fresh browser context (empty cache), waits until the
 * network is idle, and adds up every script, stylesheet and font the page fetched
 * from its own origin. With `reachFor`, it then presses a key, as a visitor's
 * first interaction, waits until the page's scripts run and the network is idle
 * again, and adds up once more.
 */
export async function measureFirstLoad(
  browser: Browser,
  url: string,
  options: {
    /** A signed-in visitor's cookies, for the staff pages. */
    storageState?: BrowserContextOptions["storageState"];
    reachFor?: boolean;
  } = {},
): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: options.storageState });
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const pending: Promise<Fetched>[] = [];
  let lastRequestAt = 0;
  page.on("request", () => {
    lastRequestAt = Date.now();
  });
  page.on("response", (response) => {
    const kind = KINDS[response.request().resourceType()];
    const responseUrl = new URL(response.url());
    if (responseUrl.origin !== origin || !kind) return;
    pending.push(
      response.body().then((body) => ({
        kind,
        path: responseUrl.pathname,
        raw: body.length,
        // woff2 is compressed already; only text is worth gzipping.
        gzip: kind === "font" ? body.length : gzipSync(body).length,
      })),
    );
  });
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    const firstLoad: FirstLoad = addUp(await Promise.all(pending));
    if (options.reachFor) {
      await startPageScripts(page);
      // Idle again as Playwright means it for a load: 500 ms without a request.
      while (Date.now() - lastRequestAt < 500) await page.waitForTimeout(100);
      firstLoad.afterIntent = addUp(await Promise.all(pending));
    }
    return firstLoad;
  } finally {
    await context.close();
  }
}

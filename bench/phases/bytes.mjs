// 2. JavaScript and CSS bytes (gzip) and font bytes a first visit downloads, per public page, before
// any interaction and (form pages) after the first one, measured the same way as the
// budget test in tests/browser/first-load-budget.spec.ts; and, for form pages, how
// long their first interaction takes to hydrate them on slow 4G.
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { FIRST_LOAD_BUDGETS, FORM_PAGES, budgetFor } from "../../tests/support/budgets.ts";
import { measureFirstLoad } from "../../tests/support/first-load.ts";
import { startPageScripts } from "../../tests/support/page-scripts.ts";
import { CHROMIUM_FLAGS } from "../../scripts/chromium.mjs";
import { spread } from "../lib/stats.mjs";

/** Chromium's emulation of the slow 4G Lighthouse simulates: 150 ms round trips, 1.6 Mbps down, 750 kbps up. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const INTENT_RUNS = 3;

/**
 * What the first interaction costs on a form page: from a key press to a hydrated
 * page (`data-hydrated`), on slow 4G, in a fresh context, through `edgeOrigin`
 * (HTTP/2 and Brotli, like the edge). Median and range of a few runs.
 */
async function keyPressToHydrated(browser, url) {
  const runs = [];
  for (let run = 0; run < INTENT_RUNS; run++) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
      await page.goto(url, { waitUntil: "networkidle" });
      const pressed = performance.now();
      await startPageScripts(page, 30_000);
      runs.push(performance.now() - pressed);
    } finally {
      await context.close();
    }
  }
  return spread(runs);
}

export async function runBytes({ origin, edgeOrigin, pages, chromePath }) {
  // The edge proxy presents a throwaway self-signed certificate (bench/lib/edge-proxy.mjs).
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--ignore-certificate-errors", ...CHROMIUM_FLAGS] });
  try {
    const results = [];
    for (const path of pages) {
      // A form page's scripts wait for the first interaction (docs/decisions/076): report both sides of it.
      const form = FORM_PAGES.has(path);
      const load = await measureFirstLoad(browser, `${origin}${path}`, { reachFor: form });
      const hydrated = form ? await keyPressToHydrated(browser, `${edgeOrigin}${path}`) : undefined;
      results.push({ path, ...load, hydrated, budget: budgetFor(path) });
    }
    return { results, budgets: FIRST_LOAD_BUDGETS };
  } finally {
    await browser.close();
  }
}

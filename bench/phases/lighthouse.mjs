// 1. Lighthouse, mobile preset (the default config: a mid-range phone on a slow
// 4G connection, simulated), with the system Chromium, once per public page.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

export async function runLighthouse({ origin, pages, chromePath, log }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const results = [];
  try {
    for (const path of pages) {
      const started = Date.now();
      // A trace can fail to record on a busy machine (NO_NAVSTART); one more try, then report it.
      let lhr;
      for (let attempt = 0; attempt < 2 && (!lhr || lhr.runtimeError); attempt++) {
        const runner = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
        });
        lhr = runner?.lhr;
      }
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
      const failing = (category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id);
      const result = {
        path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcp: numeric("largest-contentful-paint"),
        cls: numeric("cumulative-layout-shift"),
        tbt: numeric("total-blocking-time"),
        totalBytes: numeric("total-byte-weight"),
        runtimeError: lhr.runtimeError?.message,
        failing: {
          performance: failing("performance"),
          accessibility: failing("accessibility"),
          bestPractices: failing("best-practices"),
          seo: failing("seo"),
        },
      };
      results.push(result);
      log(
        `  ${path}: perf ${result.performance}, a11y ${result.accessibility}, bp ${result.bestPractices}, ` +
          `seo ${result.seo} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  } finally {
    chrome.kill();
  }
  return results;
}

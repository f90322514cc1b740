// 1. Lighthouse, mobile preset (the default config: a mid-range phone on a slow
// 4G connection, simulated), with the system Chromium, once per public page.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "../../scripts/chromium.mjs";

// The edge proxy presents a throwaway self-signed certificate (bench/lib/edge-proxy.mjs).
const CHROME_FLAGS = ["--headless=new", "--ignore-certificate-errors", ...CHROMIUM_FLAGS];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** Runs per page: Lighthouse's own advice for its run-to-run variance is the median of several. */
const RUNS_PER_PAGE = 3;
/** After this long, remaining pages get a single run, so the phase stays bounded on a busy machine. */
const EXTRA_RUNS_UNTIL_SECONDS = 330;

function summarize(path, lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = (category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
  return {
    path,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: numeric("largest-contentful-paint"),
    fcp: numeric("first-contentful-paint"),
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
}

export async function runLighthouse({ origin, pages, chromePath, log }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const phaseStarted = Date.now();
  const results = [];
  try {
    for (const path of pages) {
      const started = Date.now();
      const runs = [];
      // A trace can fail to record on a busy machine (NO_NAVSTART): such a run is retried once, not counted.
      for (let attempt = 0; runs.length < RUNS_PER_PAGE && attempt < RUNS_PER_PAGE + 1; attempt++) {
        if (runs.length > 0 && (Date.now() - phaseStarted) / 1000 > EXTRA_RUNS_UNTIL_SECONDS) break;
        const runner = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
        });
        if (!runner?.lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
        if (!runner.lhr.runtimeError || attempt === RUNS_PER_PAGE) runs.push(summarize(path, runner.lhr));
      }
      // The run with the median performance score stands for the page; the range shows the spread.
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      const result = { ...sorted[Math.floor((sorted.length - 1) / 2)], runs: runs.length };
      result.performanceRange = [sorted[0].performance, sorted.at(-1).performance];
      results.push(result);
      log(
        `  ${path}: perf ${result.performance} (${runs.length} runs, ${result.performanceRange.join("-")}), ` +
          `a11y ${result.accessibility}, bp ${result.bestPractices}, seo ${result.seo} ` +
          `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  } finally {
    chrome.kill();
  }
  return results;
}

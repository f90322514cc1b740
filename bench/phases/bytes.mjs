// 2. JavaScript and CSS bytes (gzip) a first visit downloads, per public page, before
// any interaction and (form pages) after the first one, measured the same way as the
// budget test in tests/browser/first-load-budget.spec.ts.
import { chromium } from "@playwright/test";
import { FIRST_LOAD_BUDGETS, FORM_PAGES, budgetFor } from "../../tests/support/budgets.ts";
import { measureFirstLoad } from "../../tests/support/first-load.ts";
import { CHROMIUM_FLAGS } from "../../scripts/chromium.mjs";

export async function runBytes({ origin, pages, chromePath }) {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS });
  try {
    const results = [];
    for (const path of pages) {
      // A form page's scripts wait for the first interaction (docs/decisions/076): report both sides of it.
      const load = await measureFirstLoad(browser, `${origin}${path}`, { reachFor: FORM_PAGES.has(path) });
      results.push({ path, ...load, budget: budgetFor(path) });
    }
    return { results, budgets: FIRST_LOAD_BUDGETS };
  } finally {
    await browser.close();
  }
}

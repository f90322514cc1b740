// First-load budgets (gzip bytes) for the public pages; see docs/decisions/042.
// tests/browser/first-load-budget.spec.ts fails when a page exceeds its budget,
// and `npm run bench` reports each page against it.

export interface Budget {
  jsGzip: number;
  cssGzip: number;
}

export const FIRST_LOAD_BUDGETS = {
  /** Content pages: React, React Router, the layout and the page (the booking dialog loads on demand). */
  content: { jsGzip: 135 * 1024, cssGzip: 12 * 1024 },
  /** Pages with a form also ship the form library and the shared zod schema. */
  form: { jsGzip: 170 * 1024, cssGzip: 12 * 1024 },
} satisfies Record<string, Budget>;

const FORM_PAGES = new Set(["/contactus", "/orderOnline", "/book"]);

export function budgetFor(path: string): Budget {
  return FORM_PAGES.has(path) ? FIRST_LOAD_BUDGETS.form : FIRST_LOAD_BUDGETS.content;
}

// First-load budgets (gzip bytes; fonts as sent); see docs/decisions/042, 070, 076 and 078.
// tests/browser/first-load-budget.spec.ts fails when a page exceeds its budget,
// and `npm run bench` reports each page against it.
import { LEAD_KINDS, LEADS } from "../../app/core/lead-kinds.ts";

export interface Budget {
  /** Before any interaction. */
  jsGzip: number;
  cssGzip: number;
  /** A page whose scripts wait for the visitor's first interaction: all it downloads by the time they run. */
  afterIntentJsGzip?: number;
  /** Web fonts, as sent (woff2). */
  fontBytes?: number;
}

/**
 * The two "core" font files (25 KB) the first screen waits for (docs/decisions/078). A public
 * page that shows an accented letter or a symbol outside them also fetches an "extra" file
 * (7–10 KB), late, and goes over.
 */
const PUBLIC_FONT_BYTES = 27 * 1024;

export const FIRST_LOAD_BUDGETS = {
  /** Content pages are HTML and CSS only (docs/decisions/070); analytics, when configured, aside. */
  content: { jsGzip: 0, cssGzip: 12 * 1024, fontBytes: PUBLIC_FONT_BYTES },
  /**
   * Pages with a form run nothing until the visitor reaches for the page (docs/decisions/076);
   * the target is 100 KB before any interaction. Then they hydrate: React DOM's client
   * (66 KB) with React and React Router (40 KB) weighs 106 KB before any code of ours, and the
   * forms load about 160 KB in all (docs/BENCHMARKS.md). That ceiling keeps them from growing.
   */
  form: { jsGzip: 100 * 1024, cssGzip: 12 * 1024, afterIntentJsGzip: 170 * 1024, fontBytes: PUBLIC_FONT_BYTES },
  /**
   * The staff area (signed in): React, React Router and the inbox; customers' names may need the extra fonts.
   * Its stylesheet leaves out the public site's chrome, pages and lead forms (docs/decisions/081): about 6 KB,
   * where the public one with the dashboard's styles came to the whole 12 KB. 9 KB since issues 40 and 41 added the
   * Hours page, the desk's scheduler, the notes timeline and the repair desk's photos and estimates (8.0 KB measured).
   */
  staff: { jsGzip: 150 * 1024, cssGzip: 9 * 1024 },
} satisfies Record<string, Budget>;

/** Public pages that hydrate for their form, once reached for; every other public page is a content page. */
export const FORM_PAGES: ReadonlySet<string> = new Set(LEAD_KINDS.map((kind) => LEADS[kind].formPath));

export function budgetFor(path: string): Budget {
  if (path.startsWith("/dashboard")) return FIRST_LOAD_BUDGETS.staff;
  return FORM_PAGES.has(path) ? FIRST_LOAD_BUDGETS.form : FIRST_LOAD_BUDGETS.content;
}

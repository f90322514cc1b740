// The pages the build writes as static files (React Router's `prerender`, docs/decisions/138):
// every public page except the form pages, which carry a token per visit and so are the
// Worker's. Static Assets answer these without starting the Worker; the build's `_headers`
// (workers/header-list.ts) gives them the Worker's own security headers. Imports name their
// files: vite.config.ts and react-router.config.ts load this module outside the app's bundler.
import { PUBLIC_PAGES } from "../config/navigation.ts";
import { LEAD_KINDS, LEADS } from "./lead-kinds.ts";

const FORM_PAGES = new Set<string>(LEAD_KINDS.map((kind) => LEADS[kind].formPath));

/** The content pages' paths, e.g. "/services". */
export const CONTENT_PAGE_PATHS: readonly string[] = PUBLIC_PAGES.map((page) => page.to).filter((path) => !FORM_PAGES.has(path));

/** The crawler files, written by the build too (they name only the configured origin), and their headers. */
export const CRAWLER_FILES = {
  "/sitemap.xml": { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  "/robots.txt": { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
} as const;
export const CRAWLER_FILE_PATHS = Object.keys(CRAWLER_FILES) as (keyof typeof CRAWLER_FILES)[];

import type { Config } from "@react-router/dev/config";
import { CONTENT_PAGE_PATHS, CRAWLER_FILE_PATHS } from "./app/core/content-pages.ts";

export default {
  ssr: true,
  // Content pages and the crawler files are written as static files at build time and served by Static Assets
  // without the Worker; form pages, the dashboard and everything else stay rendered per request (decision 138).
  prerender: [...CONTENT_PAGE_PATHS, ...CRAWLER_FILE_PATHS],
  // BUILD_DIR lets parallel work (and the benchmark) build without clobbering build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;

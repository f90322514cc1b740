import { store } from "~/config/store";
import { CRAWLER_FILES } from "~/core/content-pages";
import { PUBLIC_PAGES } from "~/config/navigation";
import { LEADS } from "~/core/lead-kinds";

/**
 * Every page a search engine may index: the site's pages and the form pages (/book is
 * on no menu, but it is public, indexable and its own canonical URL).
 */
const SITEMAP_PATHS = [...new Set([...PUBLIC_PAGES.map((page) => page.to), ...Object.values(LEADS).map((lead) => lead.formPath)])];

export function loader() {
  // The configured origin: the build writes this file once, before any request (docs/decisions/138).
  const origin = store.siteOrigin;
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: CRAWLER_FILES["/sitemap.xml"] });
}

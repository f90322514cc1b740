import type { Route } from "./+types/sitemap";
import { PUBLIC_PAGES } from "~/config/navigation";
import { LEADS } from "~/core/lead-kinds";

/**
 * Every page a search engine may index: the site's pages and the form pages (/book is
 * on no menu, but it is public, indexable and its own canonical URL).
 */
const SITEMAP_PATHS = [...new Set([...PUBLIC_PAGES.map((page) => page.to), ...Object.values(LEADS).map((lead) => lead.formPath)])];

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import type { Route } from "./+types/sitemap";

/** The public pages, in the order of the site's navigation. */
const SITEMAP_PATHS = [
  "/",
  "/services",
  "/orderOnline",
  "/aboutus",
  "/contactus",
  "/acima",
  "/snap",
  "/snapVSacima",
  "/terms",
  "/sms-terms",
  "/privacy",
];

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import { store } from "~/config/store";
import { CRAWLER_FILES } from "~/core/content-pages";

// /login is not disallowed: its page says `noindex`, and a crawler reads that only if it
// may fetch the page (docs/decisions/098). The dashboard answers a crawler with nothing
// but a redirect to /login, so it stays out of their way.
export function loader() {
  // The configured origin: the build writes this file once, before any request (docs/decisions/138).
  const origin = store.siteOrigin;
  const body = ["User-agent: *", "Allow: /", "Disallow: /dashboard", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: CRAWLER_FILES["/robots.txt"] });
}

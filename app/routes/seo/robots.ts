import type { Route } from "./+types/robots";

// /login is not disallowed: its page says `noindex`, and a crawler reads that only if it
// may fetch the page (docs/decisions/098). The dashboard answers a crawler with nothing
// but a redirect to /login, so it stays out of their way.
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = ["User-agent: *", "Allow: /", "Disallow: /dashboard", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

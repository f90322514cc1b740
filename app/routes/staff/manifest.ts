import { store } from "~/config/store";

// The dashboard's web app manifest (docs/decisions/145): added to a home screen, the dashboard opens on its own,
// without the browser's bars, which is also what lets an iPhone (iOS 16.4+) take its push notifications. Outside
// the staff layout: browsers fetch a manifest without cookies. It names the store, so it is the Worker's, not a
// static file.
export function loader() {
  const manifest = {
    name: `${store.name} dashboard`,
    short_name: "Dashboard",
    start_url: "/dashboard",
    scope: "/dashboard",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#1c1917",
    icons: [
      { src: "/images/dashboard-icon-192.png", sizes: "192x192", type: "image/png", purpose: "any maskable" },
      { src: "/images/dashboard-icon-512.png", sizes: "512x512", type: "image/png", purpose: "any maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import type { MetaDescriptor } from "react-router";
import { store } from "~/config/store";

// One helper gives every page a unique title and description, a canonical URL
// and Open Graph tags. They name the configured origin (store.siteOrigin), never
// the request's Host: a Host header must not choose a canonical URL, and content
// pages are static files built before any request (docs/decisions/138).

const OG_IMAGE = { path: "/images/og-image.jpg", width: 1200, height: 630, alt: `${store.name} in Bartlett, Tennessee` };

interface PageSeo {
  /** Shown before " | store name"; the home page passes its own full title. */
  title: string;
  description: string;
  /** The canonical path, e.g. "/orderOnline", whatever case the visitor typed. */
  path: string;
  /** A page that search engines should not index (e.g. the 404 page). */
  noindex?: boolean;
}

function pageTitle(title: string) {
  return title.includes(store.name) ? title : `${title} | ${store.name}`;
}

export function seo(page: PageSeo): MetaDescriptor[] {
  const origin = store.siteOrigin;
  const url = `${origin}${page.path}`;
  const title = pageTitle(page.title);
  const image = `${origin}${OG_IMAGE.path}`;
  return [
    { title },
    { name: "description", content: page.description },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: store.name },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: OG_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

import type { MetaDescriptor } from "react-router";
import { store } from "~/config/store";

// One helper gives every page a unique title and description, a canonical URL
// and Open Graph tags. The origin comes from the root loader (the URL the site
// is served from), so previews and production each point at themselves.

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

interface MetaMatchLike {
  id: string;
  loaderData?: unknown;
}

/** The site origin the root loader saw, e.g. "https://example.com". */
function originFrom(matches: readonly (MetaMatchLike | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  if (root && typeof root === "object" && "origin" in root && typeof root.origin === "string") return root.origin;
  return "";
}

function pageTitle(title: string) {
  return title.includes(store.name) ? title : `${title} | ${store.name}`;
}

export function seo(matches: readonly (MetaMatchLike | undefined)[], page: PageSeo): MetaDescriptor[] {
  const origin = originFrom(matches);
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

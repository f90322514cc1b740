import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { images } from "~/config/artwork";
import { PAGES } from "~/config/navigation";
import { phoneHref, store } from "~/config/store";
import { seo } from "~/http/seo";

// Any path no other route matches lands here, inside the site's header and footer, with a real 404 status.
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ location }: Route.MetaArgs) {
  return seo({
    title: "Page not found",
    description: `We could not find that page. Browse ${store.name}'s services, start a custom order or contact us.`,
    path: location.pathname,
    noindex: true,
  });
}

const suggestions = [
  { ...PAGES.home, text: "Start from the beginning" },
  { ...PAGES.services, text: "Repairs, gold buying, layaway and more" },
  { ...PAGES.order, label: "Custom Order", text: "Design a piece with us" },
  { ...PAGES.contact, text: "Ask us anything" },
];

export default function NotFound() {
  return (
    <main className="section not-found">
      <div className="container not-found__inner">
        <img
          className="not-found__art"
          src={images.notFound.src}
          width={images.notFound.width}
          height={images.notFound.height}
          alt=""
        />
        <p className="eyebrow">Error 404</p>
        <h1>This page is not in our case</h1>
        <p className="lead">
          The link may be old or mistyped. Here are a few places to look instead, or call us at{" "}
          <a href={phoneHref}>{store.phone.display}</a>.
        </p>
        <ul className="not-found__links">
          {suggestions.map((item) => (
            <li key={item.to}>
              <a href={item.to}>
                <strong>{item.label}</strong>
                <span>{item.text}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}

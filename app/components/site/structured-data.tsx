import type { SpecialDay } from "~/core/slots";
import { mapsSearchUrl, store } from "~/config/store";
import { useNonceAttribute } from "~/http/nonce";

/**
 * schema.org JewelryStore for search engines, built from the store facts. It names the configured origin,
 * never the request's host: the pages that carry it are static files built ahead of any request (decision 138).
 */
function jewelryStoreJsonLd() {
  const origin = store.siteOrigin;
  return {
    "@context": "https://schema.org",
    "@type": "JewelryStore",
    "@id": `${origin}/#store`,
    name: store.name,
    description: store.description,
    url: `${origin}/`,
    image: `${origin}/images/og-image.jpg`,
    telephone: store.phone.e164,
    email: store.email,
    priceRange: store.priceRange,
    address: {
      "@type": "PostalAddress",
      streetAddress: store.address.street,
      addressLocality: store.address.city,
      addressRegion: store.address.region,
      postalCode: store.address.postalCode,
      addressCountry: store.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: store.geo.latitude, longitude: store.geo.longitude },
    hasMap: mapsSearchUrl,
    openingHoursSpecification: store.hours.map((entry) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: entry.days,
      opens: entry.opens,
      closes: entry.closes,
    })),
    sameAs: [store.social.facebook, store.social.instagram, store.social.youtube],
  };
}

/** JSON inside <script> must not be able to close the tag. */
function serializeJsonLd(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function StoreJsonLd() {
  return (
    <script
      type="application/ld+json"
      nonce={useNonceAttribute()}
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(jewelryStoreJsonLd()) }}
    />
  );
}

/**
 * The store's special days ahead (closed, or other hours) for search engines, on the
 * contact page: the same JewelryStore node (its @id), with specialOpeningHoursSpecification.
 * A closed day opens and closes at 00:00, as schema.org describes it.
 */
export function SpecialHoursJsonLd({ days }: { days: readonly SpecialDay[] }) {
  const nonce = useNonceAttribute();
  const origin = store.siteOrigin;
  if (days.length === 0) return null;
  const node = {
    "@context": "https://schema.org",
    "@type": "JewelryStore",
    "@id": `${origin}/#store`,
    specialOpeningHoursSpecification: days.map((day) => ({
      "@type": "OpeningHoursSpecification",
      validFrom: day.date,
      validThrough: day.date,
      opens: day.closed || !day.opens ? "00:00" : day.opens,
      closes: day.closed || !day.closes ? "00:00" : day.closes,
      ...(day.note ? { description: day.note } : {}),
    })),
  };
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeJsonLd(node) }} />;
}

// Every fact about the store lives here: header, footer, contact page,
// structured data and e-mails all read from this one typed object.
// Values marked SAMPLE are placeholders until the store confirms them.

export interface OpeningHours {
  /** schema.org day names */
  days: ("Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday")[];
  /** 24-hour "HH:MM", store-local time */
  opens: string;
  closes: string;
  label: string;
}

export const store = {
  name: "Bartlett Fine Jewelry", // SAMPLE
  /**
   * The site's canonical origin: every absolute link the app builds (e.g. in staff
   * e-mails) starts here, never with the Host a request named. https means
   * production: plain-http requests for this host are redirected and HSTS is
   * always sent (workers/https-only.ts; docs/decisions/052).
   */
  siteOrigin: "https://www.bartlettfinejewelry.example", // SAMPLE
  /** One line for titles and social previews. */
  tagline: "Custom jewelry, certified diamonds and repairs in Bartlett, TN",
  /** The default meta description and the JSON-LD description. */
  description:
    "A local jeweler in Bartlett, Tennessee: custom rings, chains and grillz, IGL and EGL certified diamonds, " +
    "10K to 24K gold, repairs, watch batteries, layaway and lease-to-own financing.",
  /** The footer's welcome text. */
  welcome:
    "Welcome to our Bartlett showroom. We design custom pieces, set certified diamonds, repair and resize " +
    "the jewelry you love, and buy gold and silver. Stop by, or send us a sketch.",
  /** The watch brand the store carries and services. */
  watchPartner: "Partner Watch Co.", // SAMPLE
  priceRange: "$$",
  phone: { display: "(901) 555-0142", e164: "+19015550142" }, // SAMPLE (555 number)
  email: "hello@bartlettfinejewelry.example", // SAMPLE
  address: {
    street: "6000 Stage Rd, Suite 104", // SAMPLE
    city: "Bartlett",
    region: "TN",
    postalCode: "38134",
    country: "US",
  },
  geo: { latitude: 35.2045, longitude: -89.8740 }, // SAMPLE (approximate Bartlett centre)
  timeZone: "America/Chicago",
  hours: [
    {
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
      opens: "11:00",
      closes: "18:00",
      label: "Mon–Sat 11 AM–6 PM",
    },
    { days: ["Sunday"], opens: "11:00", closes: "19:00", label: "Sun 11 AM–7 PM" },
  ] satisfies OpeningHours[],
  /** The repair terms printed on the customer's claim ticket (app/routes/staff/repair-ticket.tsx). */
  repairTerms: [
    "Pieces not picked up within 90 days of the ready notice may be sold to cover the cost of the repair.", // SAMPLE
    "An estimate over the quoted amount needs your approval before we do the work.", // SAMPLE
    "We are not responsible for stones that were loose, chipped or worn when the piece came in (see the condition noted).", // SAMPLE
    "Bring this ticket to pick up your piece; without it we ask for photo ID.", // SAMPLE
  ],
  social: {
    facebook: "https://www.facebook.com/bartlettfinejewelry.sample", // SAMPLE
    instagram: "https://www.instagram.com/bartlettfinejewelry.sample", // SAMPLE
    reviews: "https://www.google.com/maps/search/?api=1&query=Bartlett+Fine+Jewelry+Bartlett+TN", // SAMPLE
    whatsapp: "https://wa.me/19015550142", // SAMPLE
    youtube: "https://www.youtube.com/@bartlettfinejewelry.sample", // SAMPLE
  },
  mapsQuery: "Bartlett Fine Jewelry, 6000 Stage Rd, Bartlett, TN 38134", // SAMPLE
  /**
   * Where staff notifications are sent, and from whom. The sender's domain is the
   * one whose DNS must authorize MailChannels (README, "Deploy"); it also signs
   * the mail (DKIM) with the key published at `<dkimSelector>._domainkey.<domain>`
   * once the DKIM_PRIVATE_KEY secret is set.
   */
  notifications: {
    to: "staff@bartlettfinejewelry.example", // SAMPLE
    from: "website@bartlettfinejewelry.example", // SAMPLE
    dkimSelector: "mailchannels",
  },
} as const;

export const storeAddressLine = `${store.address.street}, ${store.address.city}, ${store.address.region} ${store.address.postalCode}`;

export const mapsSearchUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(store.mapsQuery)}`;

/** The map on the contact page: an embed of the same search (the CSP allows only this frame host). */
export const mapsEmbedUrl = `https://www.google.com/maps?q=${encodeURIComponent(store.mapsQuery)}&output=embed`;

/** An absolute link on the store's own site, e.g. siteUrl("/dashboard"). */
export function siteUrl(path: `/${string}`): string {
  return new URL(path, store.siteOrigin).toString();
}

export const phoneHref = `tel:${store.phone.e164}`;
export const emailHref = `mailto:${store.email}`;

/** "Mon–Sat 11 AM–6 PM · Sun 11 AM–7 PM" */
export const hoursSummary = store.hours.map((entry) => entry.label).join(" · ");

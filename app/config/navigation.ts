// The public pages, once: their addresses and names. The header, the footer,
// the 404 page's suggestions and the sitemap all read this list, so a page
// added or renamed here is added or renamed everywhere, the build's static
// files included (app/core/content-pages.ts).

export interface NavItem {
  to: string;
  label: string;
  /** Match only this exact path (the home page would otherwise match everything). */
  end?: boolean;
}

export const PAGES = {
  home: { to: "/", label: "Home", end: true },
  services: { to: "/services", label: "Services" },
  order: { to: "/orderOnline", label: "Order Online" },
  about: { to: "/aboutus", label: "About Us" },
  contact: { to: "/contactus", label: "Contact Us" },
  acima: { to: "/acima", label: "Acima" },
  snap: { to: "/snap", label: "Snap" },
  compare: { to: "/snapVSacima", label: "Acima Vs Snap" },
  terms: { to: "/terms", label: "Terms & Conditions" },
  smsTerms: { to: "/sms-terms", label: "SMS Terms & Conditions" },
  privacy: { to: "/privacy", label: "Privacy Policy" },
} as const satisfies Record<string, NavItem>;

/**
 * Public pages kept out of search engines (noindex), so out of the sitemap and PUBLIC_PAGES:
 * /repair, where a customer checks a repair with their ticket (app/repairs/, docs/decisions/114).
 */
export const REPAIR_STATUS_PAGE = { to: "/repair", label: "Check your repair" } as const satisfies NavItem;
export const NOINDEX_PAGES: readonly NavItem[] = [REPAIR_STATUS_PAGE];

/** Every public page, in the order of the site's navigation (the sitemap lists exactly these). */
export const PUBLIC_PAGES: readonly NavItem[] = Object.values(PAGES);

export const financingLinks: NavItem[] = [PAGES.acima, PAGES.snap, PAGES.compare];

/** The header: the financing dropdown sits between "Custom Order" and "About Us". */
export const headerLinksBefore: NavItem[] = [PAGES.home, PAGES.services, { ...PAGES.order, label: "Custom Order" }];
export const headerLinksAfter: NavItem[] = [PAGES.about, PAGES.contact, REPAIR_STATUS_PAGE];

export const quickLinks: NavItem[] = [PAGES.home, PAGES.services, PAGES.order, PAGES.about, PAGES.contact, REPAIR_STATUS_PAGE, ...financingLinks];

export const policyLinks: NavItem[] = [PAGES.terms, PAGES.smsTerms, PAGES.privacy];

/** A path as the site compares it: paths match case-insensitively, a trailing slash aside. */
const comparable = (path: string) => path.toLowerCase().replace(/(.)\/+$/, "$1");

/** True when the current path is one of the financing pages. */
export function isFinancingPath(pathname: string) {
  return financingLinks.some((link) => isCurrentPage(pathname, { ...link, end: true }));
}

/** Whether a link names the page being shown: its own path, or (unless `end`) a page under it. */
export function isCurrentPage(pathname: string, item: NavItem) {
  const path = comparable(pathname);
  const to = comparable(item.to);
  if (path === to) return true;
  return !item.end && path.startsWith(to === "/" ? "/" : `${to}/`);
}

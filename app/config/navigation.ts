// Every link the header and footer show, in one place, so both stay in step.

export interface NavItem {
  to: string;
  label: string;
  /** Match only this exact path (the home page would otherwise match everything). */
  end?: boolean;
}

export const financingLinks: NavItem[] = [
  { to: "/acima", label: "Acima" },
  { to: "/snap", label: "Snap" },
  { to: "/snapVSacima", label: "Acima Vs Snap" },
];

/** The header: the financing dropdown sits between "Custom Order" and "About Us". */
export const headerLinksBefore: NavItem[] = [
  { to: "/", label: "Home", end: true },
  { to: "/services", label: "Services" },
  { to: "/orderOnline", label: "Custom Order" },
];
export const headerLinksAfter: NavItem[] = [
  { to: "/aboutus", label: "About Us" },
  { to: "/contactus", label: "Contact Us" },
];

export const quickLinks: NavItem[] = [
  { to: "/", label: "Home", end: true },
  { to: "/services", label: "Services" },
  { to: "/orderOnline", label: "Order Online" },
  { to: "/aboutus", label: "About Us" },
  { to: "/contactus", label: "Contact Us" },
  ...financingLinks,
];

export const policyLinks: NavItem[] = [
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/sms-terms", label: "SMS Terms & Conditions" },
  { to: "/privacy", label: "Privacy Policy" },
];

/** True when the current path is one of the financing pages (paths match case-insensitively). */
export function isFinancingPath(pathname: string) {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  return financingLinks.some((link) => link.to.toLowerCase() === path);
}

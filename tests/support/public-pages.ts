// Every public page, as a visitor reaches it. The security-header tests, the
// first-load byte budgets and the benchmark all walk this one list.
export const PUBLIC_PAGES = [
  "/",
  "/services",
  "/orderOnline",
  "/aboutus",
  "/contactus",
  "/acima",
  "/snap",
  "/snapVSacima",
  "/terms",
  "/sms-terms",
  "/privacy",
  "/book",
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

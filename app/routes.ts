import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Paths match case-insensitively (React Router's default), so /OrderOnline works.
export default [
  // Public site — every page shares the header, footer and booking button.
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("services", "routes/services.tsx"),
    route("orderOnline", "routes/order-online.tsx"),
    route("aboutus", "routes/about.tsx"),
    route("contactus", "routes/contact.tsx"),
    route("acima", "routes/acima.tsx"),
    route("snap", "routes/snap.tsx"),
    route("snapVSacima", "routes/snap-vs-acima.tsx"),
    route("terms", "routes/terms.tsx"),
    route("sms-terms", "routes/sms-terms.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("book", "routes/book.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("book/calendar.ics", "routes/book-calendar.ts"),

  // Staff
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  // Everything under /dashboard sits in one layout whose middleware checks the staff cookie.
  layout("routes/dashboard-layout.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("dashboard/export", "routes/dashboard-export.ts"),
    route("dashboard/account", "routes/dashboard-account.tsx"),
    route("dashboard/:inbox/:id", "routes/dashboard-record.tsx"),
    route("dashboard/*", "routes/dashboard-not-found.tsx"),
  ]),
] satisfies RouteConfig;

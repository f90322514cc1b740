import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Route modules are leaves, grouped by audience: site/ (content pages), forms/
// (the three lead forms), seo/ (crawler files) and staff/ (sign-in and dashboard).
// Paths match case-insensitively (React Router's default), so /OrderOnline works.
export default [
  // Public site — every page shares the header, footer and booking button.
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("services", "routes/site/services.tsx"),
    route("orderOnline", "routes/forms/order.tsx"),
    route("aboutus", "routes/site/about.tsx"),
    route("contactus", "routes/forms/contact.tsx"),
    route("acima", "routes/site/acima.tsx"),
    route("snap", "routes/site/snap.tsx"),
    route("snapVSacima", "routes/site/snap-vs-acima.tsx"),
    route("terms", "routes/site/terms.tsx"),
    route("sms-terms", "routes/site/sms-terms.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("book", "routes/forms/book.tsx"),
    route("repair", "routes/forms/repair-status.tsx"),
    route("appointment/:token", "routes/forms/manage-appointment.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("book/calendar.ics", "routes/forms/book-calendar.ts"),
  route("orderOnline/send", "routes/forms/order-send.ts"),
  // Twilio's servers post received texts and delivery reports here, signed (the two paths
  // the origin guard lets through: ORIGIN_CHECK_EXEMPT_PATHS in app/post-policies.ts, docs/decisions/068 and 082).
  route("sms/inbound", "routes/forms/sms-inbound.ts"),
  route("sms/status", "routes/forms/sms-status.ts"),

  // Staff
  route("login", "routes/staff/login.tsx"),
  route("login/passkey", "routes/staff/passkey-sign-in.ts"),
  route("invite/:token", "routes/staff/invite.tsx"),
  route("logout", "routes/staff/logout.tsx"),
  route("dashboard.webmanifest", "routes/staff/manifest.ts"),
  // Everything under /dashboard sits in one layout whose middleware checks the staff cookie.
  layout("routes/staff/layout.tsx", [
    ...prefix("dashboard", [
      index("routes/staff/inbox.tsx"),
      route("export", "routes/staff/export.ts"),
      route("account", "routes/staff/account.tsx"),
      route("account/passkeys", "routes/staff/passkeys.ts"),
      route("account/notifications", "routes/staff/push-devices.ts"),
      route("staff", "routes/staff/staff.tsx"),
      route("audit", "routes/staff/audit.tsx"),
      route("audit/export", "routes/staff/audit-export.ts"),
      route("hours", "routes/staff/hours.tsx"),
      route("appointments/new", "routes/staff/appointment-new.tsx"),
      route("appointments/:id/move", "routes/staff/appointment-move.tsx"),
      route("appointments/:id/cancel", "routes/staff/appointment-cancel.tsx"),
      route("repairs", "routes/staff/repairs.tsx"),
      route("repairs/new", "routes/staff/repair-new.tsx"),
      route("repairs/export", "routes/staff/repairs-export.ts"),
      route("repairs/:id", "routes/staff/repair.tsx"),
      route("repairs/:id/ticket", "routes/staff/repair-ticket.tsx"),
      route("repairs/:id/photos/:photoId", "routes/staff/repair-photo.ts"),
      route("texts", "routes/staff/texts.tsx"),
      route("texts/export", "routes/staff/texts-export.ts"),
      route("texts/:id", "routes/staff/text.tsx"),
      route(":inbox/:id", "routes/staff/record.tsx"),
      route("orders/:id/photos/:position", "routes/staff/order-photo.ts"),
      route("*", "routes/staff/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;

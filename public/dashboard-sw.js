// The staff dashboard's service worker (docs/decisions/145). The account page registers it, with the scope
// /dashboard, when a clerk turns notifications on; public pages never load it. It shows the pushes the Worker
// sends and opens their record when tapped. It has no fetch handler: it never stands between a page and the
// network, so the dashboard loads exactly as it would without it.
/* global self, URL */

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only a dashboard page of this site is opened from a notification. */
function dashboardUrl(path) {
  const url = new URL(typeof path === "string" ? path : "/dashboard", self.location.origin);
  return url.origin === self.location.origin && /^\/dashboard(\/|$)/.test(url.pathname) ? url.href : new URL("/dashboard", self.location.origin).href;
}

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    // Not ours to read: still show something, as browsers require for every push.
  }
  event.waitUntil(
    self.registration.showNotification(message.title || "Staff dashboard", {
      body: message.body || "",
      tag: message.tag,
      icon: "/images/dashboard-icon-192.png",
      data: { url: dashboardUrl(message.path) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = dashboardUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});

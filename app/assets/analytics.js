/* global window, document, location, URL -- a browser script, served as a file of its own */
// GA4 page views without React and without an inline script (docs/decisions/073).
// The root layout loads this file (async) with the measurement id in a data
// attribute, only when GA_MEASUREMENT_ID is set. It sends the page view for this
// load and loads gtag.js; hydrated pages send one more per client-side route
// change through window.gtag (app/components/site/analytics.tsx).
// Google gets the page's path, never its query, and of the page before it only
// its origin: a query or an earlier path may carry a booking reference (docs/decisions/099).
(function () {
  var script = document.currentScript;
  var id = script && script.getAttribute("data-measurement-id");
  if (!id) return;
  var dataLayer = (window.dataLayer = window.dataLayer || []);
  function gtag() {
    dataLayer.push(arguments);
  }
  window.gtag = gtag;
  var page = location.origin + location.pathname;
  var referrer = "";
  try {
    referrer = document.referrer ? new URL(document.referrer).origin + "/" : "";
  } catch {
    // not a URL: sent as none
  }
  gtag("js", new Date());
  // Set for every hit of this page: without them gtag.js reads location.href and document.referrer itself.
  gtag("config", id, { send_page_view: false, page_location: page, page_referrer: referrer });
  gtag("event", "page_view", { page_location: page, page_path: location.pathname, page_title: document.title });
  var loader = document.createElement("script");
  loader.async = true;
  loader.src = "https://www.googletagmanager.com/gtag/js?id=" + encodeURIComponent(id);
  document.head.appendChild(loader);
})();

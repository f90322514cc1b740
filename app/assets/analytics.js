/* global window, document, location -- a browser script, served as a file of its own */
// GA4 page views without React and without an inline script (docs/decisions/073).
// The root layout loads this file (async) with the measurement id in a data
// attribute, only when GA_MEASUREMENT_ID is set. It sends the page view for this
// load and loads gtag.js; hydrated pages send one more per client-side route
// change through window.gtag (app/components/site/analytics.tsx).
(function () {
  var script = document.currentScript;
  var id = script && script.getAttribute("data-measurement-id");
  if (!id) return;
  var dataLayer = (window.dataLayer = window.dataLayer || []);
  function gtag() {
    dataLayer.push(arguments);
  }
  window.gtag = gtag;
  gtag("js", new Date());
  gtag("config", id, { send_page_view: false });
  gtag("event", "page_view", {
    page_location: location.href,
    page_path: location.pathname + location.search,
    page_title: document.title,
  });
  var loader = document.createElement("script");
  loader.async = true;
  loader.src = "https://www.googletagmanager.com/gtag/js?id=" + encodeURIComponent(id);
  document.head.appendChild(loader);
})();

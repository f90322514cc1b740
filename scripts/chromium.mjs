// The system Chromium that the browser tests, screenshots and the benchmark
// drive (Playwright cannot download its own browser here). One place for its
// path and for the flags that keep it from reaching for the network.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Every name but this machine's own fails to resolve at once. The browser
  // tests fake the outside hosts they use (Google's map embed, analytics) with
  // page.route, which answers before any lookup; anything else outside, such as
  // the contact page's map frame in a test that does not fake it, then fails
  // the same way on every machine, instead of waiting on whatever the
  // machine's DNS resolver does with a name it cannot reach.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1",
];

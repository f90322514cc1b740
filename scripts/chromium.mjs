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
];

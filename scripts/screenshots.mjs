/* global window, document -- used inside page.evaluate, which runs in the browser */
// Full-page screenshots of any pages at phone (390 px) and desktop (1280 px) widths.
//
//   node scripts/screenshots.mjs --base http://localhost:8791 --out ./screenshots / /services /contactus
//
// Options: --widths 390,1280   --no-js (render with JavaScript off)   --wait 300 (ms after load)
// With no paths it shoots every public page. PNGs are named after the path and width,
// e.g. services-390.png; "/" is "home".
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";

const PUBLIC_PAGES = ["/", "/services", "/orderOnline", "/aboutus", "/contactus", "/acima", "/snap", "/snapVSacima",
  "/terms", "/sms-terms", "/privacy", "/no-such-page"];

function parseArgs(argv) {
  const options = { base: "http://localhost:8787", out: "screenshots", widths: [390, 1280], js: true, wait: 300, paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--base") options.base = argv[++i];
    else if (arg === "--out") options.out = argv[++i];
    else if (arg === "--widths") options.widths = argv[++i].split(",").map(Number);
    else if (arg === "--wait") options.wait = Number(argv[++i]);
    else if (arg === "--no-js") options.js = false;
    else options.paths.push(arg);
  }
  if (options.paths.length === 0) options.paths = PUBLIC_PAGES;
  return options;
}

function fileName(path, width) {
  const slug = path === "/" ? "home" : path.replace(/^\/+|\/+$/g, "").replace(/[^a-z0-9]+/gi, "-");
  return `${slug || "home"}-${width}.png`;
}

const options = parseArgs(process.argv.slice(2));
mkdirSync(options.out, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ["--headless", ...CHROMIUM_FLAGS],
});
try {
  for (const width of options.widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 900 },
      deviceScaleFactor: 1,
      javaScriptEnabled: options.js,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    for (const path of options.paths) {
      const response = await page.goto(new URL(path, options.base).href, { waitUntil: "networkidle" });
      // Lazy images below the fold: scroll through the page so they load, then back to the top.
      // With JavaScript off the page's timers never fire (the scroll would wait for ever), and
      // Chromium loads lazy images at once anyway.
      if (options.js) await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 40));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(options.wait);
      const file = join(options.out, fileName(path, width));
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${response?.status() ?? "?"} ${path} -> ${file}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}

// The last step of `npm run build` (docs/decisions/083): serve the Worker just
// built, ask it for every page in its sitemap, and keep each answer the page cache
// would have stored (`X-Page-Cache: MISS`: a content page, the same for everyone)
// in the build's static assets, under __pages/, with a manifest. On a cache miss
// the Worker then reads that HTML instead of rendering it. Form pages, which carry
// a token per visitor, are not kept.
import { Buffer } from "node:buffer";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startPreview, stopPreview } from "./preview-server.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const FOLDER = "__pages"; // workers/prebuilt-pages.ts: PREBUILT_FOLDER
/** Rendered for this origin; the Worker writes each request's own in its place. A *.localhost name, which `vite preview` accepts. */
const PLACEHOLDER_ORIGIN = "http://prebuilt-origin.localhost";
const HOST = "127.0.0.1";

/** Every .js file of the server build: to check that the server answering is the build just made. */
function serverBundle(folder = join(BUILD_DIR, "server")) {
  return readdirSync(folder, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory() ? serverBundle(join(folder, entry.name)) : entry.name.endsWith(".js") ? readFileSync(join(folder, entry.name), "utf8") : "",
    )
    .join("\n");
}

/** GET `path` as if the site were served at PLACEHOLDER_ORIGIN (fetch would not send our Host header). */
function get(origin, path) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}${path}`, { headers: { Host: new URL(PLACEHOLDER_ORIGIN).host } }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          header: (name) => String(response.headers[name.toLowerCase()] ?? ""),
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    request.on("error", reject);
    // A Worker that never answers fails the build instead of hanging it.
    request.setTimeout(30_000, () => request.destroy(new Error(`${path} did not answer within 30 s`)));
    request.end();
  });
}

function pathsIn(sitemap) {
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

const nameFor = (path) => (path === "/" ? "index" : path.slice(1).replaceAll("/", "--"));
/** Where Static Assets serve a file: "services.html" as "/services", "index.html" as the folder. */
const assetFor = (path) => `/${FOLDER}/${path === "/" ? "" : nameFor(path)}`;

async function prebuild(origin) {
  const folder = join(BUILD_DIR, "client", FOLDER);
  const sitemap = await get(origin, "/sitemap.xml");
  if (sitemap.status !== 200) throw new Error(`/sitemap.xml answered ${sitemap.status}`);
  const paths = pathsIn(sitemap.text);
  if (paths.length === 0) throw new Error("the sitemap lists no pages");

  const bundle = serverBundle();
  const manifest = { buildVersion: "", origin: PLACEHOLDER_ORIGIN, gaMeasurementId: "", year: new Date().getUTCFullYear(), pages: {} };
  const measurementIds = new Set();
  mkdirSync(folder, { recursive: true });
  for (const path of paths) {
    const response = await get(origin, path);
    const html = response.text;
    if (response.status !== 200 || response.header("X-Page-Cache") !== "MISS") continue;
    // Every page kept must come from the build just made (another build in this tree can repoint `vite preview`).
    const version = response.header("X-Build-Version");
    if (!version || !bundle.includes(version)) throw new Error(`${path} came from another build (${version || "none"})`);
    if (manifest.buildVersion && manifest.buildVersion !== version) throw new Error(`${path} came from another build (${version})`);
    manifest.buildVersion = version;
    // Its canonical link names the placeholder, which the Worker replaces with each request's origin.
    if (!html.includes(`${PLACEHOLDER_ORIGIN}${path}`)) throw new Error(`${path} does not name ${PLACEHOLDER_ORIGIN}`);
    writeFileSync(join(folder, `${nameFor(path)}.html`), html);
    measurementIds.add(/data-measurement-id="([^"]*)"/.exec(html)?.[1] ?? "");
    const headers = {};
    // The two the renderer sets; the Worker's middleware adds the rest (Vary among them) to every answer.
    for (const name of ["Content-Type", "Cache-Control"]) {
      const value = response.header(name);
      if (value) headers[name] = value;
    }
    manifest.pages[path] = { asset: assetFor(path), headers };
  }
  // The sitemap lists content pages; none kept means the page cache's rules changed under this script.
  if (Object.keys(manifest.pages).length === 0) throw new Error("no page in the sitemap was one the page cache would keep");
  if (measurementIds.size > 1) throw new Error("the pages disagree on the analytics id");
  manifest.gaMeasurementId = [...measurementIds][0] ?? "";
  writeFileSync(join(folder, "manifest.json"), JSON.stringify(manifest, null, 2));
  return { pages: Object.keys(manifest.pages), gaMeasurementId: manifest.gaMeasurementId };
}

const persistDir = mkdtempSync(join(tmpdir(), "jewelry-prebuild-"));
// Registered before the server's own handler (which ends the process), so it runs first.
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => rmSync(persistDir, { recursive: true, force: true }));
rmSync(join(BUILD_DIR, "client", FOLDER), { recursive: true, force: true });
const port = await freePort(HOST);
let server;
try {
  server = await startPreview({
    host: HOST,
    port,
    env: { ...process.env, PERSIST_DIR: persistDir, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  const { pages, gaMeasurementId } = await prebuild(`http://${HOST}:${port}`);
  console.log(`prebuilt ${pages.length} pages: ${pages.join(" ")}`);
  // The Worker uses them only where its GA_MEASUREMENT_ID is this one (docs/decisions/083).
  console.log(`  analytics id in them: ${gaMeasurementId || "none"}`);
} catch (error) {
  console.error(`prebuild-pages: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (server) await stopPreview(server);
  rmSync(persistDir, { recursive: true, force: true });
}

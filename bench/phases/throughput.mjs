// 3. Server speed against the ceiling: each page, then a static file of exactly
// the same size served by the same local server (Workers Static Assets, no
// Worker code), with the same load. The ratio says what rendering costs.
import { mkdirSync, writeFileSync } from "node:fs";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import autocannon from "autocannon";

export const STATIC_FOLDER = "bench-static";
const CONNECTIONS = 10;
const DURATION_SECONDS = 8;

/** Saves a byte-identical copy of each page's HTML as a static file in the build's client folder. */
export async function writeStaticTwins({ origin, pages, buildDir }) {
  const folder = join(buildDir, "client", STATIC_FOLDER);
  mkdirSync(folder, { recursive: true });
  const twins = [];
  for (const path of pages) {
    const response = await fetch(`${origin}${path}`);
    const body = Buffer.from(await response.arrayBuffer());
    // .txt, not .html: Static Assets would otherwise redirect to drop the extension.
    const file = `${path === "/" ? "home" : path.slice(1)}.txt`;
    writeFileSync(join(folder, file), body);
    twins.push({
      path,
      staticPath: `/${STATIC_FOLDER}/${file}`,
      bytes: body.length,
      cacheControl: response.headers.get("Cache-Control"),
    });
  }
  return twins;
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers: { "Accept-Encoding": "identity" } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function summarize(result) {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function runThroughput({ origin, twins, log }) {
  const rows = [];
  // Warm both paths once so neither pays for a cold isolate inside the measurement.
  for (const twin of twins) {
    await (await fetch(`${origin}${twin.path}`)).arrayBuffer();
    await (await fetch(`${origin}${twin.staticPath}`)).arrayBuffer();
  }
  for (const twin of twins) {
    const page = summarize(await load(`${origin}${twin.path}`));
    const ceiling = summarize(await load(`${origin}${twin.staticPath}`));
    const row = {
      path: twin.path,
      bytes: twin.bytes,
      cacheControl: twin.cacheControl,
      page,
      ceiling,
      throughputRatio: page.requestsPerSecond / ceiling.requestsPerSecond,
      p50Ratio: page.p50 / ceiling.p50,
      p99Ratio: page.p99 / ceiling.p99,
    };
    rows.push(row);
    log(
      `  ${twin.path}: ${page.requestsPerSecond.toFixed(0)} req/s vs static ${ceiling.requestsPerSecond.toFixed(0)} ` +
        `(${(row.throughputRatio * 100).toFixed(0)}% of the ceiling)`,
    );
  }
  return { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, rows };
}

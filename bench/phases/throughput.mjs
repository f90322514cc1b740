// 3. Server speed against the ceiling: each page, and a static file of exactly
// the same size served by the same local server (Workers Static Assets, no
// Worker code), with the same load, taking turns. The ratio says what rendering costs.
// A content page is a static file the build prerendered (docs/decisions/138): each
// of its answers is checked to come from Static Assets (an ETag; the Worker sends
// none), and the count of those that reached the Worker is reported. A form page is
// measured both ways issue 10 asks to compare (docs/decisions/074): stamped from one
// render (STAMPED), and rendered for every visit (a query makes the Worker render it).
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import autocannon from "autocannon";
import { median, spread } from "../lib/stats.mjs";

export const STATIC_FOLDER = "bench-static";
const CONNECTIONS = 10;
/**
 * Each target is loaded in short rounds, the ceiling and the page's variants taking
 * turns, and each ratio is the median over the rounds of page ÷ the ceiling just
 * before it. On a shared machine the load drifts within seconds; one long run per
 * target put that drift between a page and its ceiling (the same page's ratio
 * moved between 0.64 and 0.88 from one run to the next).
 */
const ROUNDS = 5; // odd, so the median is one round's ratio, not the lower of two
const ROUND_SECONDS = 2;

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

/** A query the form page would otherwise be stamped without; `[<id>]` becomes a fresh id per request. */
const RENDER_QUERY = "?bench-render=[<id>]";

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: ROUND_SECONDS,
        headers: { "Accept-Encoding": "identity" },
        idReplacement: url.includes("[<id>]"),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * Who answered one request, to label each row with what was measured: STATIC (Static Assets, which
 * send an ETag the Worker never does), STAMPED (a form page's template) or RENDERED.
 */
function answeredBy(url) {
  const target = new URL(url.replace("[<id>]", randomUUID()));
  return new Promise((resolve, reject) => {
    const request = httpRequest(target, (response) => {
      response.resume();
      response.on("end", () => resolve(response.headers.etag ? "STATIC" : String(response.headers["x-page-cache"] ?? "RENDERED")));
    });
    request.on("error", reject);
    request.end();
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

/** One figure per measure over the rounds: medians, and every request and error counted. */
function overRounds(rounds) {
  return {
    requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
    requests: rounds.reduce((sum, round) => sum + round.requests, 0),
    non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
}

/**
 * Of `perPage` GETs for each content page, how many reached the Worker. Locally the Worker writes no line per
 * request, so each answer says who made it: Static Assets send an ETag, the Worker never does. The slash and
 * letter-case spellings are asked too: those are the Worker's, by design (its 301).
 */
export async function countWorkerAnswers({ origin, contentPages, perPage = 50 }) {
  let pages = 0;
  let reachedWorker = 0;
  for (const path of contentPages) {
    for (let i = 0; i < perPage; i++) {
      pages++;
      if ((await answeredBy(`${origin}${path}`)) !== "STATIC") reachedWorker++;
    }
  }
  const spellings = contentPages.flatMap((path) => (path === "/" ? [] : [`${path}/`, path.toUpperCase()]));
  let spellingsToWorker = 0;
  for (const path of spellings) if ((await answeredBy(`${origin}${path}`)) !== "STATIC") spellingsToWorker++;
  return { pages, reachedWorker, spellings: spellings.length, spellingsToWorker };
}

export async function runThroughput({ origin, twins, log, contentPages }) {
  const rows = [];
  // Warm both paths once so neither pays for a cold isolate inside the measurement.
  for (const twin of twins) {
    await (await fetch(`${origin}${twin.path}`)).arrayBuffer();
    await (await fetch(`${origin}${twin.staticPath}`)).arrayBuffer();
  }
  for (const twin of twins) {
    const status = await answeredBy(`${origin}${twin.path}`);
    const variants =
      status === "STATIC"
        ? [{ mode: "static", url: `${origin}${twin.path}` }]
        : status === "STAMPED"
          ? // The two options for form pages (docs/decisions/074): stamped from one render, or rendered
            // per visit as before (a query makes the Worker render it).
            [{ mode: "stamped", url: `${origin}${twin.path}` }, { mode: "rendered", url: `${origin}${twin.path}${RENDER_QUERY}` }]
          : [{ mode: "rendered", url: `${origin}${twin.path}` }];
    const ceilingRounds = [];
    const pageRounds = variants.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      ceilingRounds.push(summarize(await load(`${origin}${twin.staticPath}`)));
      for (const [index, variant] of variants.entries()) pageRounds[index].push(summarize(await load(variant.url)));
    }
    const ceiling = overRounds(ceilingRounds);
    for (const [index, variant] of variants.entries()) {
      const cache = await answeredBy(variant.url);
      const rounds = pageRounds[index];
      const page = overRounds(rounds);
      const perRound = (measure) => spread(rounds.map((round, i) => round[measure] / ceilingRounds[i][measure]));
      const throughput = perRound("requestsPerSecond");
      const row = {
        path: twin.path,
        mode: variant.mode,
        cache,
        bytes: twin.bytes,
        cacheControl: twin.cacheControl,
        page,
        ceiling,
        throughputRatio: throughput.median,
        throughputRatioRange: [throughput.min, throughput.max],
        p50Ratio: perRound("p50").median,
        p99Ratio: perRound("p99").median,
      };
      rows.push(row);
      log(
        `  ${twin.path} ${variant.mode} (${cache}): ${page.requestsPerSecond.toFixed(0)} req/s vs static ` +
          `${ceiling.requestsPerSecond.toFixed(0)} (${(row.throughputRatio * 100).toFixed(0)}% of the ceiling, rounds ` +
          `${row.throughputRatioRange.map((value) => (value * 100).toFixed(0)).join("–")}%)`,
      );
    }
  }
  const workerAnswers = await countWorkerAnswers({ origin, contentPages });
  log(`  content pages: ${workerAnswers.reachedWorker} of ${workerAnswers.pages} requests reached the Worker`);
  return { connections: CONNECTIONS, rounds: ROUNDS, roundSeconds: ROUND_SECONDS, rows, workerAnswers };
}

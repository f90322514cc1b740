// npm run bench: build, serve the Worker on a loopback port with a fresh local
// D1, measure, and rewrite docs/BENCHMARKS.md. Not part of npm test. Each phase
// is bounded in time; a failed phase is reported as such and the rest still run.
// `npm run bench -- "orders with photos"` runs only the named phases and prints
// the report instead of writing it.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { CONTENT_PAGE_PATHS } from "../app/core/content-pages.ts";
import { PUBLIC_PAGES } from "../tests/support/public-pages.ts";
import { runCraftedPhotos } from "./phases/crafted-photos.mjs";
import { GROWTH_STEPS, growTo, measureDashboard } from "./phases/data-growth.mjs";
import { runHostile } from "./phases/hostile.mjs";
import { runOrderPhotos } from "./phases/order-photos.mjs";
import { repairLookupSection, runRepairLookup, seedRepairs } from "./phases/repair-lookup.mjs";
import { runWrites } from "./phases/writes.mjs";
import { cpuSection, withCpuSection } from "./lib/cpu-section.mjs";
import { SlotAllocator } from "./lib/leads.mjs";
import { renderReport } from "./lib/report.mjs";
import { startEdgeProxy } from "./lib/edge-proxy.mjs";
import { BENCH_STAFF, BUILD_DIR, build, d1File, freshDatabase, HOST, LocalServer, newServerLog, proxyFailureCauses, removeDatabase } from "./lib/server.mjs";
import { within } from "./lib/stats.mjs";
import { signIn } from "./lib/visitor.mjs";
import { CHROMIUM_PATH } from "../scripts/chromium.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8795);
const CHROMIUM = CHROMIUM_PATH;
const THROUGHPUT_PAGES = ["/", "/services", "/contactus"];
const REPORT = "docs/BENCHMARKS.md";

const startedAt = performance.now();
const log = (message) => console.log(`[bench ${((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${message}`);

const ONLY = process.argv.slice(2);
const wanted = (name) => ONLY.length === 0 || ONLY.includes(name);
// Phases that need the bench's own tools (bench/node_modules) load them only when they run,
// so `npm run bench -- "crafted photos"` works without them.
const lighthousePhase = () => import("./phases/lighthouse.mjs");
const bytesPhase = () => import("./phases/bytes.mjs");
const livePushPhase = () => import("./phases/live-push.mjs");
const throughputPhase = () => import("./phases/throughput.mjs");
const startupPhase = () => import("./phases/startup.mjs");

/** Runs one bounded phase; a failure becomes `{ error }` in the report instead of ending the run. */
async function phase(name, seconds, body) {
  if (!wanted(name)) return undefined;
  log(`${name}…`);
  try {
    return await within(seconds, name, Promise.resolve().then(body));
  } catch (error) {
    log(`${name} FAILED: ${error.message}`);
    return { error: String(error?.message ?? error) };
  }
}

/** The browser's path; a missing browser fails the phase that needs it (a failed launch would end the whole run). */
function requireChromium() {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install Debian's chromium package, or set CHROMIUM_PATH`);
  return CHROMIUM;
}

function machine() {
  let chromium = "Chromium (version unknown)";
  try {
    chromium = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    // reported as unknown
  }
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model?.trim() ?? "unknown CPU",
    memoryGb: (os.totalmem() / 2 ** 30).toFixed(1),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium,
  };
}

const sections = {};
log(`building into ${BUILD_DIR}/`);
build();
const persistDir = freshDatabase();
// The server's own output (the Worker's console.error included), kept for every run: a 5xx names it.
const serverLog = newServerLog();
log(`server log: ${serverLog}`);
const server = new LocalServer(persistDir, PORT, serverLog);
const stop = async () => {
  await server.stop();
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    void stop().then(() => process.exit(130));
  });
}

try {
  await server.start();
  const origin = server.origin;
  log(`serving on ${origin}`);
  let twins;
  if (wanted("throughput")) {
    twins = await (await throughputPhase()).writeStaticTwins({ origin, pages: THROUGHPUT_PAGES, buildDir: BUILD_DIR });
    // Static Assets reads its file list at start-up: restart so the twins are served.
    await server.stop();
    await server.start();
  }

  /** Runs `body` with the edge proxy (HTTP/2, TLS, Brotli) in front of the server, given its origin. */
  const throughEdge = async (body) => {
    const edge = await startEdgeProxy({ target: origin, host: HOST, port: PORT + 1 });
    try {
      return await body(edge.origin);
    } finally {
      await edge.close();
    }
  };
  sections.lighthouse = await phase("lighthouse", 480, () =>
    throughEdge(async (edgeOrigin) => (await lighthousePhase()).runLighthouse({ origin: edgeOrigin, pages: [...PUBLIC_PAGES, "/login"], chromePath: requireChromium(), log })),
  );
  sections.bytes = await phase("first-load bytes", 180, () =>
    throughEdge(async (edgeOrigin) => (await bytesPhase()).runBytes({ origin, edgeOrigin, pages: PUBLIC_PAGES, chromePath: requireChromium() })),
  );
  sections.throughput = await phase("throughput", 150, async () => (await throughputPhase()).runThroughput({ origin, twins, log, contentPages: CONTENT_PAGE_PATHS }));

  const slots = new SlotAllocator();
  const cookie = await signIn(origin, BENCH_STAFF);
  sections.livePush = await phase("live push", 180, async () =>
    (await livePushPhase()).runLivePush({ origin, cookie, count: 200, slots, firstVisitor: 1, log }),
  );
  sections.writes = await phase("writes under load", 180, () =>
    runWrites({
      origin,
      count: 1000,
      concurrency: 50,
      slots,
      firstVisitor: 100_000,
      databaseFile: d1File(persistDir),
      log,
    }),
  );

  sections.orderPhotos = await phase("orders with photos", 240, () =>
    runOrderPhotos({
      origin,
      count: 50,
      concurrency: 10,
      photoBytes: 2 * 1024 * 1024,
      firstVisitor: 200_000,
      databaseFile: d1File(persistDir),
      persistDir,
      serverGroupId: server.child?.pid,
      log,
    }),
  );

  sections.craftedPhotos = await phase("crafted photos", 240, () =>
    runCraftedPhotos({ origin, firstVisitor: 300_000, log }),
  );

  sections.growth = await phase("data growth", 300, async () => {
    const steps = [];
    for (const target of GROWTH_STEPS) {
      await server.stop();
      const counts = growTo(d1File(persistDir), target);
      await server.start();
      const rows = await measureDashboard({ origin, cookie });
      log(`  ${target} per table: ${rows.map((row) => `${row.tab} ${row.p50.toFixed(0)} ms`).join(", ")}`);
      steps.push({ target, counts, rows });
    }
    return steps;
  });

  sections.repairLookup = await phase("repair look-up", 240, async () => {
    await server.stop();
    const { count, sample } = seedRepairs(d1File(persistDir));
    await server.start();
    return runRepairLookup({ origin, sample, count, log });
  });
} finally {
  await stop();
  removeDatabase(persistDir);
}

const withServerErrors = Object.entries(sections).filter(([, result]) => result?.fiveXx > 0);
for (const [name, result] of withServerErrors) {
  log(`${name}: ${result.fiveXx} answers were 5xx; the server's log is ${serverLog}`);
}
// A failure of the local proxy, not of the Worker: e.g. EADDRNOTAVAIL when the machine ran out of local ports.
for (const [cause, count] of proxyFailureCauses(serverLog)) log(`  the local server could not reach workerd ${count}×: ${cause}`);

sections.hostile = await phase("hostile input", 240, () => runHostile({ buildDir: BUILD_DIR }));
sections.startup = await phase("startup", 240, async () => (await startupPhase()).runStartup({ buildDir: BUILD_DIR, log }));

const report = renderReport({
  date: new Date().toISOString().replace("T", " ").slice(0, 16) + " UTC",
  machine: machine(),
  durationSeconds: (performance.now() - startedAt) / 1000,
  sections,
}) + `\n${repairLookupSection(sections.repairLookup)}`;
// The raw numbers, for digging into a surprising result (the build folder is not committed).
writeFileSync(`${BUILD_DIR}/bench-results.json`, JSON.stringify(sections, null, 2));
if (ONLY.length > 0) {
  console.log(report);
} else {
  // The CPU section comes from npm run bench:cpu; keep it.
  const previous = existsSync(REPORT) ? readFileSync(REPORT, "utf8") : "";
  writeFileSync(REPORT, withCpuSection(report, cpuSection(previous)));
  log(`wrote ${REPORT}`);
}

// The CPU a Worker's isolate costs before it answers: what workerd spends loading the
// Worker's modules, and what the first request spends importing its main module. Each
// sample is a fresh workerd (through Miniflare), so nothing is cached from a run before.
//
// It is read from the kernel's accounting of every workerd thread (/proc/<pid>/task/<tid>/
// sched, nanoseconds of CPU actually run), not from a sampling profiler. `wrangler check
// startup` profiles only the first request, at the profiler's default interval, which in
// workerd gives one to three samples: a start read as 0 ms or 14 ms by chance. It also
// misses the larger part: workerd compiles every module of the bundle when it loads the
// Worker, including those only a dynamic import() reaches later.
import { Buffer } from "node:buffer";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { descendants } from "./processes.mjs";
import { median, spread } from "./stats.mjs";

const COMPATIBILITY_DATE = "2026-10-01";

/** Every JavaScript module of a server build, as Miniflare takes them. */
function buildModules(serverDir) {
  return readdirSync(serverDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => ({ type: "ESModule", path, contents: readFileSync(path) }));
}

/** The bundle wrangler would upload: every module, raw and gzip, in KiB. */
export function bundleSize(serverDir) {
  const modules = buildModules(serverDir);
  const raw = Buffer.concat(modules.map((module) => module.contents));
  return { kib: raw.length / 1024, gzipKib: gzipSync(raw).length / 1024 };
}

/** Milliseconds of CPU run so far by every thread of `pids`. */
function cpuMillis(pids) {
  let total = 0;
  for (const pid of pids) {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const sched = readFileSync(`/proc/${pid}/task/${tid}/sched`, "utf8");
      const runtime = /se\.sum_exec_runtime\s*:\s*([\d.]+)/.exec(sched);
      if (!runtime) throw new Error("this kernel does not report se.sum_exec_runtime in /proc/<pid>/task/<tid>/sched");
      total += Number(runtime[1]);
    }
  }
  return total;
}

const respond = `export default { fetch() { return new Response("ok"); } };`;

/** Isolates of the same build loaded by each workerd: workerd's own start varies by ±10 ms between
 * runs, more than a small Worker's whole load; spread over this many isolates, it stops hiding it. */
export const ISOLATES_PER_SAMPLE = 8;

/**
 * One fresh workerd with ISOLATES_PER_SAMPLE copies of the build in `serverDir` (null: an empty
 * Worker, the baseline), each its own Worker and so its own isolate, compiled separately. Per
 * isolate: `loadMs`, the CPU of workerd from its start until the Workers can answer (a further,
 * empty Worker answers three requests first, so Miniflare's own first-request work is done), and
 * `firstRequestMs`, the CPU of one request to each copy, which imports the build's main module.
 */
export async function isolateCpu(serverDir, copies = ISOLATES_PER_SAMPLE) {
  const config = serverDir ? JSON.parse(readFileSync(join(serverDir, "wrangler.json"), "utf8")) : null;
  const root = serverDir ?? "/empty-worker";
  const entry = config
    ? `export default { async fetch() { await import(${JSON.stringify(`./${config.main}`)}); return new Response("ok"); } };`
    : respond;
  const modules = [{ type: "ESModule", path: join(root, "__measured_entry__.js"), contents: entry }, ...(serverDir ? buildModules(serverDir) : [])];
  // Other servers this process runs (the bench's own) are not counted.
  const running = new Set(descendants(process.pid));
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        { name: "warm", compatibilityDate: COMPATIBILITY_DATE, modulesRoot: "/warm", modules: [{ type: "ESModule", path: "/warm/warm.js", contents: respond }] },
        ...Array.from({ length: copies }, (_, copy) => ({
          name: `measured-${copy}`,
          compatibilityDate: config?.compatibility_date ?? COMPATIBILITY_DATE,
          compatibilityFlags: config?.compatibility_flags ?? [],
          modulesRoot: root,
          // The entry has its own name, apart from every module of the build.
          modules,
        })),
      ],
    }),
  );
  try {
    await miniflare.ready;
    const warm = await miniflare.getWorker("warm");
    for (let i = 0; i < 3; i++) await (await warm.fetch("http://warm/")).text();
    const measured = await Promise.all(Array.from({ length: copies }, (_, copy) => miniflare.getWorker(`measured-${copy}`)));
    const pids = descendants(process.pid).filter((pid) => !running.has(pid));
    const loaded = cpuMillis(pids);
    for (const worker of measured) {
      const response = await worker.fetch("http://measured/");
      const body = await response.text();
      if (!response.ok) throw new Error(`the build in ${serverDir} failed to start: ${response.status} ${body}`);
    }
    return { loadMs: loaded / copies, firstRequestMs: (cpuMillis(pids) - loaded) / copies };
  } finally {
    await miniflare.dispose();
  }
}

/**
 * `rounds` samples of each build (name → server folder), taking turns with an empty Worker so the
 * machine's load falls on all of them, a different one first each round. Per build, the spread
 * (median, min, max) of its load, first request and total above the empty Worker's medians: what
 * its modules and its first import add to an isolate. `onRound` sees each round's raw samples.
 */
export async function startupAboveEmpty(builds, { rounds, onRound = () => {} }) {
  const all = { empty: null, ...builds };
  const names = Object.keys(all);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length];
      samples[name].push(await isolateCpu(all[name]));
    }
    onRound(round, Object.fromEntries(names.map((name) => [name, samples[name].at(-1)])));
  }
  const baseline = {
    loadMs: median(samples.empty.map((sample) => sample.loadMs)),
    firstRequestMs: median(samples.empty.map((sample) => sample.firstRequestMs)),
  };
  const above = (name) => {
    const load = samples[name].map((sample) => sample.loadMs - baseline.loadMs);
    const firstRequest = samples[name].map((sample) => sample.firstRequestMs - baseline.firstRequestMs);
    return { load: spread(load), firstRequest: spread(firstRequest), total: spread(load.map((value, i) => value + firstRequest[i])) };
  };
  return { baseline, ...Object.fromEntries(Object.keys(builds).map((name) => [name, above(name)])) };
}

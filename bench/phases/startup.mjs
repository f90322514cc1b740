// Worker startup: the CPU a fresh isolate costs before it answers (bench/lib/isolate-cpu.mjs),
// for this Worker's build and for React Router's Cloudflare template built with this project's
// own toolchain (React Router, Vite, the Cloudflare plugin and wrangler from node_modules), and
// for an empty Worker, the baseline both are measured above, taking turns so the machine's load
// falls on all three (issue 29, section 4). The template's code is never committed: it is copied
// from a checkout of remix-run/react-router-templates into a temporary folder, built there, and
// the folder is removed.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { bundleSize, isolateCpu, ISOLATES_PER_SAMPLE } from "../lib/isolate-cpu.mjs";
import { median, spread } from "../lib/stats.mjs";

const TEMPLATES_REPO = "https://github.com/remix-run/react-router-templates";
const TEMPLATE_FOLDER = "cloudflare";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const bin = (name) => resolve("node_modules/.bin", name);

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * The template's source: REACT_ROUTER_TEMPLATES names a checkout of the templates repository
 * (or its cloudflare folder); otherwise it is cloned (shallow) into `scratch`.
 */
function templateSource(scratch) {
  const given = process.env.REACT_ROUTER_TEMPLATES;
  if (given) {
    const folder = existsSync(join(given, TEMPLATE_FOLDER, "package.json")) ? join(given, TEMPLATE_FOLDER) : given;
    if (!existsSync(join(folder, "workers", "app.ts"))) throw new Error(`REACT_ROUTER_TEMPLATES=${given} holds no Cloudflare template`);
    return folder;
  }
  const clone = join(scratch, "templates");
  run("git", ["clone", "--depth", "1", TEMPLATES_REPO, clone]);
  return join(clone, TEMPLATE_FOLDER);
}

/**
 * Copies the template and builds it with this project's node_modules. Two changes, both to its
 * tooling only: React Router 8 took the template's `future` flags out of the config (their
 * behaviour is now the default), and Tailwind is not part of this toolchain, so its plugin and
 * its stylesheet are left out. The Worker entry and the app are the template's own.
 */
function buildTemplate(scratch) {
  const dir = join(scratch, "template");
  cpSync(templateSource(scratch), dir, { recursive: true, filter: (path) => !/[/\\](node_modules|build|\.git)$/.test(path) });
  symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "react-router.config.ts"), 'export default { ssr: true };\n');
  const viteConfig = readFileSync(join(dir, "vite.config.ts"), "utf8");
  writeFileSync(join(dir, "vite.config.ts"), viteConfig.split("\n").filter((line) => !/tailwind/i.test(line)).join("\n"));
  writeFileSync(join(dir, "app", "app.css"), "");
  run(bin("react-router"), ["build"], dir);
  return join(dir, "build");
}

/** A copy of a build's server folder, so what the build step left in the project's tree is not read. */
function isolatedBuild(buildDir, scratch, name) {
  const copy = join(scratch, name);
  cpSync(join(buildDir, "server"), copy, { recursive: true });
  return copy;
}

export async function runStartup({ buildDir, rounds = 9, log }) {
  const scratch = mkdtempSync(join(tmpdir(), "startup-bench-"));
  try {
    log("  building the template with this toolchain");
    const builds = {
      empty: null,
      worker: isolatedBuild(resolve(buildDir), scratch, "worker-build"),
      template: isolatedBuild(buildTemplate(scratch), scratch, "template-build"),
    };
    const samples = { empty: [], worker: [], template: [] };
    const names = Object.keys(builds);
    for (let round = 0; round < rounds; round++) {
      // A different one goes first each round, so none always follows another.
      const order = names.map((_, i) => names[(round + i) % names.length]);
      for (const name of order) samples[name].push(await isolateCpu(builds[name]));
      const last = (name) => samples[name].at(-1);
      const shown = (name) => `${last(name).loadMs.toFixed(1)} + ${last(name).firstRequestMs.toFixed(1)} ms`;
      log(`  round ${round + 1}: this Worker ${shown("worker")}, template ${shown("template")}, empty ${shown("empty")}`);
    }
    const baseline = {
      loadMs: median(samples.empty.map((sample) => sample.loadMs)),
      firstRequestMs: median(samples.empty.map((sample) => sample.firstRequestMs)),
    };
    // Above the empty Worker: what this build's modules and its first import add to an isolate.
    const summary = (name) => {
      const load = samples[name].map((sample) => sample.loadMs - baseline.loadMs);
      const firstRequest = samples[name].map((sample) => sample.firstRequestMs - baseline.firstRequestMs);
      const total = samples[name].map((sample, i) => load[i] + firstRequest[i]);
      return { ...bundleSize(builds[name]), load: spread(load), firstRequest: spread(firstRequest), total: spread(total) };
    };
    const worker = summary("worker");
    const template = summary("template");
    return { rounds, isolatesPerSample: ISOLATES_PER_SAMPLE, baseline, worker, template, ratio: worker.total.median / template.total.median };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

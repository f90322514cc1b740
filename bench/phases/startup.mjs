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
import { bundleSize, ISOLATES_PER_SAMPLE, startupAboveEmpty } from "../lib/isolate-cpu.mjs";

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

export async function runStartup({ buildDir, rounds = 9, log }) {
  const scratch = mkdtempSync(join(tmpdir(), "startup-bench-"));
  try {
    log("  building the template with this toolchain");
    const builds = { worker: join(resolve(buildDir), "server"), template: join(buildTemplate(scratch), "server") };
    const shown = (sample) => `${sample.loadMs.toFixed(1)} + ${sample.firstRequestMs.toFixed(1)} ms`;
    const result = await startupAboveEmpty(builds, {
      rounds,
      onRound: (round, last) => log(`  round ${round + 1}: this Worker ${shown(last.worker)}, template ${shown(last.template)}, empty ${shown(last.empty)}`),
    });
    const worker = { ...bundleSize(builds.worker), ...result.worker };
    const template = { ...bundleSize(builds.template), ...result.template };
    return { rounds, isolatesPerSample: ISOLATES_PER_SAMPLE, baseline: result.baseline, worker, template, ratio: worker.total.median / template.total.median };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

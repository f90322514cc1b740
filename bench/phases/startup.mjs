// Worker startup: `wrangler check startup` on this Worker's build and on React Router's
// Cloudflare template built with this project's own toolchain (React Router, Vite,
// the Cloudflare plugin and wrangler from node_modules), alternating, so the machine's
// load falls on both (issue 29, section 4). The template's code is never committed:
// it is copied from a checkout of remix-run/react-router-templates into a temporary
// folder, built there, and the folder is removed.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { spread } from "../lib/stats.mjs";

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

/**
 * A copy of a build (server and client folders) where no other configuration is in sight: run
 * from its server folder, wrangler reads that build's wrangler.json, not the deploy redirect
 * (.wrangler/deploy/config.json) that the last build in the project's tree wrote.
 */
function isolatedBuild(buildDir, scratch, name) {
  const copy = join(scratch, name);
  for (const part of ["server", "client"]) cpSync(join(buildDir, part), join(copy, part), { recursive: true });
  return join(copy, "server");
}

/** One `wrangler check startup`: the bundle it would upload and the startup CPU it profiled. */
function checkStartup(serverDir, scratch) {
  const output = run(bin("wrangler"), ["check", "startup", "--outfile", join(scratch, "startup.cpuprofile")], serverDir);
  const bundle = /Bundle:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(output);
  const active = /Active:\s*([\d.]+)\s*ms/.exec(output);
  if (!bundle || !active) throw new Error(`wrangler check startup printed no figures:\n${output}`);
  return { kib: Number(bundle[1]), gzipKib: Number(bundle[2]), activeMs: Number(active[1]) };
}

export async function runStartup({ buildDir, rounds = 7, log }) {
  const scratch = mkdtempSync(join(tmpdir(), "startup-bench-"));
  try {
    log("  building the template with this toolchain");
    const workers = {
      worker: isolatedBuild(resolve(buildDir), scratch, "worker-build"),
      template: isolatedBuild(buildTemplate(scratch), scratch, "template-build"),
    };
    const samples = { worker: [], template: [] };
    let sizes = {};
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so neither always follows the other.
      const order = round % 2 === 0 ? ["worker", "template"] : ["template", "worker"];
      for (const name of order) {
        const result = checkStartup(workers[name], scratch);
        samples[name].push(result.activeMs);
        sizes[name] = { kib: result.kib, gzipKib: result.gzipKib };
      }
      log(`  round ${round + 1}: this Worker ${samples.worker.at(-1)} ms, template ${samples.template.at(-1)} ms`);
    }
    // The profiler samples coarsely: a short startup is a few samples, sometimes none (0 ms).
    // The mean over the rounds is the steadier figure; both are reported.
    const summary = (values) => ({ samples: values, ...spread(values), mean: values.reduce((a, b) => a + b, 0) / values.length });
    const worker = { ...sizes.worker, ...summary(samples.worker) };
    const template = { ...sizes.template, ...summary(samples.template) };
    return { rounds, worker, template, ratio: template.mean > 0 ? worker.mean / template.mean : Infinity };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

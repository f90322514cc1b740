// Builds the Worker into its own folder and serves it on a loopback port with a
// fresh local D1, as scripts/serve-for-tests.mjs does (`vite preview`: the same
// Worker runtime with less overhead in front of it than `wrangler dev`).
// `vite preview` serves whichever build last wrote .wrangler/deploy/config.json;
// another build in the same tree can change that file, so each start points it
// at our build, checks a marker file to be sure, and puts the file back.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPreview, stopPreview } from "../../scripts/preview-server.mjs";

export const BUILD_DIR = "build-bench";
export const HOST = "127.0.0.1";
const LOG_DIR = "bench/logs";
const DEPLOY_CONFIG = ".wrangler/deploy/config.json";
export const BENCH_STAFF = { email: "bench-staff@example.com", password: "bench-password-123456" };

const baseEnv = {
  ...process.env,
  BUILD_DIR,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

function run(command, args, env = baseEnv) {
  const result = spawnSync(command, args, { stdio: ["ignore", "pipe", "pipe"], env, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

export function build() {
  run("npm", ["run", "build"]);
}

/** A throwaway local state folder with the schema applied and one staff account. */
export function freshDatabase() {
  const persistDir = mkdtempSync(join(tmpdir(), "jewelry-bench-"));
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
  run("node", [
    "scripts/staff-create.ts",
    "--email", BENCH_STAFF.email,
    "--password", BENCH_STAFF.password,
    "--persist-to", persistDir,
  ]);
  return persistDir;
}

/** Runs SQL against the local D1 in persistDir (the server must be stopped for writes). */
export function executeSql(persistDir, sql) {
  return run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", sql]);
}

/** The D1 SQLite file Miniflare keeps for the DB binding. */
export function d1File(persistDir) {
  const folder = join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(folder).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database in ${folder}`);
  return join(folder, file);
}

/** A new log file under bench/logs/ (gitignored), named by the time the run started. */
export function newServerLog() {
  mkdirSync(LOG_DIR, { recursive: true });
  return join(LOG_DIR, `server-${new Date().toISOString().replace(/[:.]/g, "-")}.log`);
}

/**
 * Why the local server could not hand requests to workerd, counted by cause, from the line
 * vite.config.ts logs for each ("[local proxy] POST /orderOnline failed: EADDRNOTAVAIL").
 */
export function proxyFailureCauses(logFile) {
  const text = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
  const causes = new Map();
  for (const [, cause] of text.matchAll(/^\[local proxy\] \S+ \S+ failed: (.*)$/gm)) causes.set(cause, (causes.get(cause) ?? 0) + 1);
  return causes;
}

export class LocalServer {
  /** `logFile` receives everything the server prints, across restarts. */
  constructor(persistDir, port, logFile) {
    this.persistDir = persistDir;
    this.port = port;
    this.logFile = logFile;
    this.origin = `http://${HOST}:${port}`;
    this.child = null;
  }

  async start() {
    const marker = randomUUID();
    mkdirSync(join(BUILD_DIR, "client", "bench-static"), { recursive: true });
    writeFileSync(join(BUILD_DIR, "client", "bench-static", "marker.txt"), marker);
    const previousDeployConfig = existsSync(DEPLOY_CONFIG) ? readFileSync(DEPLOY_CONFIG, "utf8") : null;
    writeFileSync(DEPLOY_CONFIG, JSON.stringify({ configPath: `../../${BUILD_DIR}/server/wrangler.json`, auxiliaryWorkers: [] }));
    try {
      this.child = await startPreview({
        host: HOST,
        port: this.port,
        env: { ...baseEnv, PERSIST_DIR: this.persistDir },
        logFile: this.logFile,
      });
    } finally {
      if (previousDeployConfig !== null) writeFileSync(DEPLOY_CONFIG, previousDeployConfig);
    }
    const served = await (await fetch(`${this.origin}/bench-static/marker.txt`)).text();
    if (served !== marker) throw new Error("the preview server is serving another build");
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (child) await stopPreview(child);
  }
}

export function removeDatabase(persistDir) {
  rmSync(persistDir, { recursive: true, force: true });
}

// Serves the built Worker for the browser tests on TEST_PORT, with a fresh
// local D1 in a temporary folder and a known staff account.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_TWILIO_AUTH_TOKEN } from "./test-twilio.mjs";

export const TEST_STAFF = { email: "browser-staff@example.com", password: "browser-test-password" };

const persistDir = mkdtempSync(join(tmpdir(), "jewelry-browser-"));
// The folder is this run's alone; left behind, each run's database and page cache would pile up.
// On every way out, a failed migration included.
process.on("exit", () => rmSync(persistDir, { recursive: true, force: true }));
const env = { ...process.env, PERSIST_DIR: persistDir, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const port = process.env.TEST_PORT ?? "8790";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `vite preview` reads the Worker's secrets from the build's copy of .dev.vars only. For this run it also holds a
// Twilio auth token the tests know, so they can post texts to the webhook signed as Twilio signs them; the build's
// own copy comes back on the way out.
const buildVars = "build/server/.dev.vars";
const hadVars = existsSync(buildVars);
const ownVars = hadVars ? readFileSync(buildVars, "utf8") : "";
writeFileSync(buildVars, `${ownVars.replace(/^TWILIO_AUTH_TOKEN=.*$/m, "").trimEnd()}\nTWILIO_AUTH_TOKEN=${TEST_TWILIO_AUTH_TOKEN}\n`);
process.on("exit", () => (hadVars ? writeFileSync(buildVars, ownVars) : rmSync(buildVars, { force: true })));

run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
run("node", ["scripts/staff-create.ts", "--email", TEST_STAFF.email, "--password", TEST_STAFF.password, "--persist-to", persistDir]);

const server = spawn("vite", ["preview", "--port", port, "--strictPort"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

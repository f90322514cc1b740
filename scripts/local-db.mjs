// The local state that npm start, npm run dev and npm run wrangler:dev serve:
// .dev.vars with a session secret, the local D1 (.wrangler/state) migrated, and a
// demo staff account. Every step is idempotent, so each server runs it first.
import { spawn, spawnSync } from "node:child_process";

export const DEMO_STAFF = { email: "demo@staff.example", password: "demo-password-123" };

/** Keep wrangler, miniflare and the vite plugin off the network: no metrics, no request.cf fetch. */
export function offline() {
  process.env.WRANGLER_SEND_METRICS = "false";
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
}

export function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function prepareLocalDatabase() {
  offline();
  run("node", ["scripts/ensure-dev-vars.mjs"]);
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local"]);
  run("node", [
    "scripts/staff-create.ts",
    "--email", DEMO_STAFF.email,
    "--password", DEMO_STAFF.password,
    "--if-missing",
  ]);
}

export function banner(url) {
  console.log(`
  Bartlett Fine Jewelry is starting on ${url}
  Demo staff sign-in (local only): ${DEMO_STAFF.email} / ${DEMO_STAFF.password}
`);
}

/** Runs a long-lived server in the foreground and passes Ctrl-C and SIGTERM on to it. */
export function serve(command, args) {
  const server = spawn(command, args, { stdio: "inherit", env: process.env });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}

// npm start: build the Worker, migrate the local D1, make sure a demo staff
// account exists, and serve the built Worker on http://localhost:8787.
import { spawnSync, spawn } from "node:child_process";

process.env.WRANGLER_SEND_METRICS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

export const DEMO_STAFF = { email: "demo@staff.example", password: "demo-password-123" };

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("npm", ["run", "build"]);
run("wrangler", ["d1", "migrations", "apply", "DB", "--local"]);
run("node", [
  "scripts/admin-create.ts",
  "--email", DEMO_STAFF.email,
  "--password", DEMO_STAFF.password,
  "--if-missing",
]);

console.log(`
  Bartlett Fine Jewelry is starting on http://localhost:8787
  Demo staff sign-in (local only): ${DEMO_STAFF.email} / ${DEMO_STAFF.password}
`);

const server = spawn("vite", ["preview", "--port", "8787", "--strictPort"], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

// Runs before `npm run bench` (prebench): the benchmark's own tools (lighthouse,
// autocannon, ws, chrome-launcher) live in bench/package.json, not in the app's
// install. Install them, exactly as bench/package-lock.json says, on first use
// and again whenever that lockfile changes.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const bench = dirname(fileURLToPath(import.meta.url));
const lockfile = join(bench, "package-lock.json");
const installed = join(bench, "node_modules", ".package-lock.json");

if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lockfile).mtimeMs) {
  console.log("Installing the benchmark's tools into bench/node_modules (npm ci)…");
  // npm_execpath is the npm running this script; fall back to npm on the PATH.
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli ? [process.execPath, [npmCli]] : ["npm", []];
  const result = spawnSync(command, [...args, "ci", "--no-audit", "--no-fund"], {
    cwd: bench,
    stdio: "inherit",
    shell: !npmCli && process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The hostile-input suite (part of `npm test`), run here against the bench
// build so its case counts and result go into the same report.
import { spawn } from "node:child_process";

const SUMMARY_LINE = /hostile input \| (\S+) \| (\d+) cases \| (\d+) accepted \| (\d+) rejected/g;

export function runHostile({ buildDir }) {
  return new Promise((resolve) => {
    const child = spawn("vitest", ["run", "--config", "vitest.config.ts", "tests/worker/hostile-input.test.ts"], {
      env: { ...process.env, BUILD_DIR: buildDir, FORCE_COLOR: "0", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => {
      const forms = [...output.matchAll(SUMMARY_LINE)].map((match) => ({
        form: match[1],
        cases: Number(match[2]),
        accepted: Number(match[3]),
        rejected: Number(match[4]),
      }));
      const tests = /Tests\s+(.*)/.exec(output)?.[1]?.trim() ?? "no summary";
      resolve({ passed: code === 0, forms, tests, tail: code === 0 ? "" : output.slice(-3000) });
    });
  });
}

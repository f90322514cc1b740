// npm run check:imports (part of `npm test`): the import rules of docs/ARCHITECTURE.md (scripts/import-rules.mjs)
// over every tracked (and new, unignored) source file of app/, party/ and workers/; tests are left out.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { findProblems } from "./import-rules.mjs";

const ROOTS = ["app", "party", "workers"];
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...ROOTS], { encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(ts|tsx|mts)$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && existsSync(file));

const problems = findProblems(new Map(files.map((file) => [file, readFileSync(file, "utf8")])));
for (const problem of problems) console.error(problem);
console.log(problems.length ? `${problems.length} import(s) break the rules` : `import rules hold over ${files.length} modules`);
process.exit(problems.length ? 1 : 0);

// npm run check:imports (part of `npm test`): the import rules of docs/ARCHITECTURE.md.
// - workers/ -> party/ -> app/: nothing in app/ imports workers/ or party/, and party/ never imports workers/;
// - routes are leaves: nothing outside app/routes imports a route module;
// - components are React only: no *.server module, no route;
// - floors point down: every import goes to a folder on a lower floor (FLOORS), never up and never sideways;
// - no import circle between modules.
// It reads the imports of every tracked (and new, unignored) source file as text; tests are left out.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

// The floor order of docs/ARCHITECTURE.md (decision 123), from the ground up. A folder of app/ (the files at
// app/'s top, root.tsx and its kin, count as "app"), then party/ (the dashboard room) and workers/. A module may import its own
// folder and any folder on a lower floor; folders that share a floor do not import each other.
const FLOORS = [
  ["app/config", "app/assets", "app/styles"],
  ["app/core"],
  ["app/db"],
  ["app/live", "app/http"],
  ["app/messaging"],
  ["app/auth", "app/photos"],
  ["app/leads", "app/audit", "app/jobs"],
  ["app/inbox"],
  ["app/repairs"],
  ["app/dashboard"],
  ["app/components"],
  ["app/routes", "app"],
  ["party"],
  ["workers"],
];

const ROOTS = ["app", "party", "workers"];
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...ROOTS], { encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(ts|tsx|mts)$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && existsSync(file));
const known = new Set(files);

/** The project file an import names, or null for a package. */
function resolve(from, specifier) {
  let path;
  if (specifier.startsWith("~/")) path = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) {
    const parts = from.split("/").slice(0, -1);
    for (const part of specifier.split("/")) {
      if (part === "..") parts.pop();
      else if (part !== ".") parts.push(part);
    }
    path = parts.join("/");
  } else return null;
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return path;
}

// `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`; `import type` counts too, since a type
// import still ties the two modules' meaning together.
const IMPORT = /(?:^|[\s;])(?:import|export)\s*(?:[^'"`;]*?\sfrom\s*)?\(?\s*["']([^"']+)["']/g;
const imports = new Map(
  files.map((file) => [file, [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => resolve(file, m[1])).filter(Boolean)]),
);

const RULES = [
  ["app/ imports workers/ or party/", (from, to) => from.startsWith("app/") && (to.startsWith("workers/") || to.startsWith("party/"))],
  ["party/ imports workers/", (from, to) => from.startsWith("party/") && to.startsWith("workers/")],
  ["a module outside app/routes imports a route", (from, to) => !from.startsWith("app/routes/") && from !== "app/routes.ts" && to.startsWith("app/routes/")],
  ["a component imports a route or a *.server module", (from, to) => from.startsWith("app/components/") && (to.startsWith("app/routes/") || /\.server(\.tsx?)?$/.test(to))],
];

const floorOf = new Map(FLOORS.flatMap((folders, floor) => folders.map((folder) => [folder, floor])));
/** The folder a module counts in: app/<folder>, "app" for app/'s own top files, or the root folder. */
function folderOf(file) {
  const parts = file.split("/");
  if (parts[0] !== "app") return parts[0];
  return parts.length > 2 ? `app/${parts[1]}` : "app";
}

const problems = [];
for (const file of files) {
  if (!floorOf.has(folderOf(file))) problems.push(`a folder with no floor in FLOORS: ${file}`);
}
for (const [from, targets] of imports) {
  for (const to of targets) {
    for (const [rule, breaks] of RULES) if (breaks(from, to)) problems.push(`${rule}: ${from} -> ${to}`);
    // Route type imports (./+types/…) are generated beside each route and belong to it.
    if (to.includes("/+types/")) continue;
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a === b || !floorOf.has(a) || !floorOf.has(b)) continue;
    if (floorOf.get(b) > floorOf.get(a)) problems.push(`an import points up a floor (${a} -> ${b}): ${from} -> ${to}`);
    else if (floorOf.get(b) === floorOf.get(a)) problems.push(`an import goes sideways on a floor (${a} -> ${b}): ${from} -> ${to}`);
  }
}

// Circles: a depth-first walk that reports each back edge's loop once.
const state = new Map();
const stack = [];
function visit(file) {
  state.set(file, "open");
  stack.push(file);
  for (const next of imports.get(file) ?? []) {
    if (!imports.has(next)) continue;
    if (state.get(next) === "open") problems.push(`import circle: ${[...stack.slice(stack.indexOf(next)), next].join(" -> ")}`);
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, "done");
}
for (const file of imports.keys()) if (!state.has(file)) visit(file);

for (const problem of problems) console.error(problem);
console.log(problems.length ? `${problems.length} import(s) break the rules` : `import rules hold over ${files.length} modules`);
process.exit(problems.length ? 1 : 0);

// The import rules of docs/ARCHITECTURE.md, read with TypeScript's own parser (so `[import("~/x")]`, `import type`,
// `typeof import("x")` and `export … from` are all imports), for `npm run check:imports`:
// - workers/ -> party/ -> app/: party/ never imports workers/, app/ never imports workers/, and app/ reaches the room
//   only through its two doors (ROOM_DOORS): the server-side client, and the browser's socket (a .client module);
//   the room's protocol and doors stand on app/'s floor of plumbing, so app/ imports them downwards;
// - routes are leaves: nothing outside app/routes imports a route module;
// - components are React only: no *.server module and no route, not even through a module that re-exports one;
// - floors point down: every import goes to a folder on a lower floor (FLOORS), never up and never sideways;
// - no import circle between modules;
// - one road to D1 (decision 122): outside app/db/, nothing reads `DB` off an object, names `D1Database`, spells
//   `Pick<Env, "DB">` (that is `DbEnv`) or calls `.prepare(`;
// - one cookie maker (decision 132): outside app/http/cookies.server.ts, nothing imports a cookie or session-storage
//   maker (react-router's, hono/cookie) or writes a cookie attribute (HttpOnly, Secure, SameSite=) in a string.
import ts from "typescript";

// The floor order (decision 123), from the ground up. A folder of app/ (the files at app/'s top, root.tsx and its kin,
// count as "app"), then party/ (the dashboard room) and workers/. A module may import its own folder and any folder
// on a lower floor; folders that share a floor do not import each other.
export const FLOORS = [
  ["app/config", "app/assets", "app/styles"],
  ["app/core"],
  ["app/db"],
  ["party/wire", "app/http"],
  ["app/messaging"],
  ["app/auth", "app/photos", "app/hours"],
  ["app/leads", "app/audit", "app/jobs"],
  ["app/records", "app/texts"],
  ["app/inbox"],
  ["app/repairs"],
  ["app/dashboard"],
  ["app/components"],
  ["app/routes", "app"],
  ["party"],
  ["workers"],
];

const floorOf = new Map(FLOORS.flatMap((folders, floor) => folders.map((folder) => [folder, floor])));

/** The modules of the room that app/ may import: what its server code and its browser code each reach it by. */
export const ROOM_DOORS = ["party/client.server.ts", "party/socket.client.ts"];
/** The room's wire: its protocol and its doors, which count as one folder, "party/wire", low in the floors. */
const ROOM_WIRE = new Set(["party/protocol.ts", ...ROOM_DOORS]);

/** The folder a module counts in: app/<folder>, "app" for app/'s own top files, "party/wire", or the root folder. */
export function folderOf(file) {
  if (ROOM_WIRE.has(file)) return "party/wire";
  const parts = file.split("/");
  if (parts[0] !== "app") return parts[0];
  return parts.length > 2 ? `app/${parts[1]}` : "app";
}

/** The project file an import names (one of `known`, or the path it would be), or null for a package. */
function resolve(known, from, specifier) {
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

const isString = (node) => node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));

const COOKIE_MAKERS = /^create\w*(Cookie|SessionStorage)$/;
const COOKIE_ATTRIBUTE = /;\s*(HttpOnly|Secure|SameSite=)/i;

/**
 * A module's imports ({ specifier, reexport }), its uses of D1 that only app/db/ may make, and its ways of making a
 * cookie that only app/http/cookies.server.ts may use ({ line, what } each).
 */
export function readModule(file, source) {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const imports = [];
  const d1 = [];
  const cookies = [];
  const lineOf = (node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const d1Use = (node, what) => d1.push({ line: lineOf(node), what });
  function visit(node) {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && isString(node.moduleSpecifier)) {
      imports.push({ specifier: node.moduleSpecifier.text, reexport: ts.isExportDeclaration(node) });
      const specifier = node.moduleSpecifier.text;
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : undefined;
      const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => (element.propertyName ?? element.name).text) : [];
      if (specifier.startsWith("hono/cookie")) cookies.push({ line: lineOf(node), what: `imports ${specifier}` });
      for (const name of names) if (COOKIE_MAKERS.test(name)) cookies.push({ line: lineOf(node), what: `imports ${name}` });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && isString(node.moduleReference.expression)) {
      imports.push({ specifier: node.moduleReference.expression.text, reexport: false });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && isString(node.arguments[0])) {
      imports.push({ specifier: node.arguments[0].text, reexport: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && isString(node.argument.literal)) {
      imports.push({ specifier: node.argument.literal.text, reexport: false });
    }
    if (ts.isPropertyAccessExpression(node) && node.name.text === "DB") d1Use(node, "reads DB off an object");
    if (ts.isElementAccessExpression(node) && isString(node.argumentExpression) && node.argumentExpression.text === "DB") d1Use(node, "reads DB off an object");
    if (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText(sourceFile) === "DB") d1Use(node, "takes DB out of an object");
    if (ts.isPropertyAccessExpression(node) && node.name.text === "prepare" && ts.isCallExpression(node.parent) && node.parent.expression === node) {
      d1Use(node, "prepares a statement");
    }
    if (ts.isIdentifier(node) && node.text === "D1Database") d1Use(node, "names D1Database");
    if ((isString(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) && COOKIE_ATTRIBUTE.test(node.text)) {
      cookies.push({ line: lineOf(node), what: "writes a cookie attribute" });
    }
    if (ts.isLiteralTypeNode(node) && isString(node.literal) && node.literal.text === "DB") d1Use(node, 'spells Pick<Env, "DB"> (use DbEnv)');
    ts.forEachChild(node, visit);
  }
  visit(sourceFile);
  return { imports, d1, cookies };
}

const RULES = [
  ["app/ imports workers/", (from, to) => from.startsWith("app/") && to.startsWith("workers/")],
  ["app/ imports party/ other than its doors", (from, to) => from.startsWith("app/") && to.startsWith("party/") && !ROOM_DOORS.includes(to)],
  ["party/ imports workers/", (from, to) => from.startsWith("party/") && to.startsWith("workers/")],
  ["a module outside app/routes imports a route", (from, to) => !from.startsWith("app/routes/") && from !== "app/routes.ts" && to.startsWith("app/routes/")],
];

const isServerModule = (file) => /\.server(\.tsx?)?$/.test(file);

/**
 * Every broken rule in `sources` (a Map of path -> text, tests left out), as lines to print. `d1Allowed` says
 * which files may reach D1 themselves.
 */
export function findProblems(sources, { d1Allowed = (file) => file.startsWith("app/db/"), cookieMaker = "app/http/cookies.server.ts" } = {}) {
  const known = new Set(sources.keys());
  const modules = new Map();
  for (const [file, source] of sources) {
    const { imports, d1, cookies } = readModule(file, source);
    modules.set(file, {
      d1,
      cookies,
      imports: imports.map(({ specifier, reexport }) => ({ to: resolve(known, file, specifier), reexport })).filter(({ to }) => to),
    });
  }

  /** What importing `file` brings in: the module itself and whatever it re-exports, followed through. */
  function reached(file, seen = new Set()) {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const { to, reexport } of modules.get(file)?.imports ?? []) if (reexport) reached(to, seen);
    return seen;
  }

  const problems = [];
  for (const file of sources.keys()) {
    if (!floorOf.has(folderOf(file))) problems.push(`a folder with no floor in FLOORS: ${file}`);
  }
  for (const [from, { imports, d1, cookies }] of modules) {
    if (!d1Allowed(from)) for (const use of d1) problems.push(`D1 outside app/db/ (${use.what}): ${from}:${use.line}`);
    if (from !== cookieMaker) for (const use of cookies) problems.push(`a cookie made outside ${cookieMaker} (${use.what}): ${from}:${use.line}`);
    for (const { to } of imports) {
      for (const [rule, breaks] of RULES) if (breaks(from, to)) problems.push(`${rule}: ${from} -> ${to}`);
      if (from.startsWith("app/components/")) {
        for (const target of reached(to)) {
          if (target.startsWith("app/routes/") || isServerModule(target)) {
            problems.push(`a component imports a route or a *.server module: ${from} -> ${target === to ? to : `${to} -> ${target}`}`);
          }
        }
      }
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
    for (const { to } of modules.get(file)?.imports ?? []) {
      if (!modules.has(to)) continue;
      if (state.get(to) === "open") problems.push(`import circle: ${[...stack.slice(stack.indexOf(to)), to].join(" -> ")}`);
      else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(file, "done");
  }
  for (const file of modules.keys()) if (!state.has(file)) visit(file);
  return problems;
}

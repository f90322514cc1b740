import { describe, expect, it } from "vitest";
import { findProblems } from "./import-rules.mjs";

const check = (files: Record<string, string>) => findProblems(new Map(Object.entries(files)));

describe("the import rules", () => {
  it("hold over modules that import down their floors", () => {
    expect(
      check({
        "app/core/phone.ts": "export const x = 1;",
        "app/leads/save.server.ts": 'import { x } from "~/core/phone";\nexport const y = await import("../core/phone");',
        "app/routes/site/home.tsx": 'import type { Route } from "./+types/home";\nimport { y } from "~/leads/save.server";',
      }),
    ).toEqual([]);
  });

  it("find an import however it is written: dynamic inside an expression, type-only, typeof import(), re-export", () => {
    const up = (from: string, source: string) => check({ "app/core/a.ts": source, "app/leads/b.ts": "export const b = 1;", [from]: "" });
    for (const source of [
      'export const loaders = [import("~/leads/b")];',
      'import type { b } from "~/leads/b";',
      'export type B = typeof import("../leads/b");',
      'export { b } from "../leads/b";',
      'export * from "~/leads/b";',
      'import b = require("~/leads/b");',
    ]) {
      expect(up("app/core/c.ts", source), source).toEqual(["an import points up a floor (app/core -> app/leads): app/core/a.ts -> app/leads/b.ts"]);
    }
    // An import in a comment or a string is no import.
    expect(up("app/core/c.ts", '// import { b } from "~/leads/b";\nexport const text = `import("~/leads/b")`;')).toEqual([]);
  });

  it("follow re-exports: a component may not reach a *.server module or a route through another module", () => {
    const problems = check({
      "app/components/ui/button.tsx": 'import { secret } from "~/components/ui/index";',
      "app/components/ui/index.ts": 'export { secret } from "~/components/ui/helpers";',
      "app/components/ui/helpers.ts": 'export * from "~/leads/keys.server";',
      "app/leads/keys.server.ts": "export const secret = 1;",
    });
    expect(problems).toContain(
      "a component imports a route or a *.server module: app/components/ui/button.tsx -> app/components/ui/index.ts -> app/leads/keys.server.ts",
    );
    // An import (not a re-export) inside the module in between is that module's own business.
    expect(
      check({
        "app/components/ui/button.tsx": 'import { label } from "~/components/ui/labels";',
        "app/components/ui/labels.ts": 'import type { Row } from "~/core/row";\nexport const label = "x";',
        "app/core/row.ts": "export type Row = string;",
      }),
    ).toEqual([]);
  });

  it("keep D1 to app/db/, however it is reached", () => {
    const d1 = (source: string) => check({ "app/leads/x.server.ts": source, "app/db/client.server.ts": "export const DB = env.DB;" });
    expect(d1("export const run = (env: Env) => env.DB.prepare('SELECT 1');")).toEqual([
      "D1 outside app/db/ (prepares a statement): app/leads/x.server.ts:1",
      "D1 outside app/db/ (reads DB off an object): app/leads/x.server.ts:1",
    ]);
    expect(d1("export function run(env: Env) {\n  const { DB } = env;\n  return DB;\n}")).toEqual(["D1 outside app/db/ (takes DB out of an object): app/leads/x.server.ts:2"]);
    expect(d1('export const run = (env: Env) => env["DB"];')).toEqual(["D1 outside app/db/ (reads DB off an object): app/leads/x.server.ts:1"]);
    expect(d1("export const run = (db: D1Database) => db;")).toEqual(["D1 outside app/db/ (names D1Database): app/leads/x.server.ts:1"]);
    expect(d1('export const run = (env: Pick<Env, "DB">) => env;')).toEqual(['D1 outside app/db/ (spells Pick<Env, "DB"> (use DbEnv)): app/leads/x.server.ts:1']);
    expect(d1("export const run = (env: DbEnv) => getDb(env);")).toEqual([]);
  });

  it("keep cookies to app/http/cookies.server.ts, however they are made", () => {
    const cookie = (source: string) => check({ "app/auth/x.server.ts": source, "app/http/cookies.server.ts": 'import { createCookie } from "react-router";' });
    expect(cookie('import { createCookie as make } from "react-router";')).toEqual([
      "a cookie made outside app/http/cookies.server.ts (imports createCookie): app/auth/x.server.ts:1",
    ]);
    expect(cookie('import { createCookieSessionStorage } from "react-router";')).toHaveLength(1);
    expect(cookie('import { setCookie } from "hono/cookie";')).toEqual([
      "a cookie made outside app/http/cookies.server.ts (imports hono/cookie): app/auth/x.server.ts:1",
    ]);
    // Across lines too.
    expect(cookie("export const header = `a=1; Path=/;\n  HttpOnly`;")).toHaveLength(1);
    expect(cookie("export const header = `a=${1}; HttpOnly; Secure`;")).toEqual([
      "a cookie made outside app/http/cookies.server.ts (writes a cookie attribute): app/auth/x.server.ts:1",
    ]);
    expect(cookie('export const header = "a=1; SameSite=Lax";')).toHaveLength(1);
    expect(cookie('import { redirect } from "react-router";\nexport const text = "Secure your account";')).toEqual([]);
  });

  it("find circles, routes imported from outside app/routes, and app/ reaching workers/ or the room other than by its doors", () => {
    expect(
      check({
        "app/core/a.ts": 'import "./b";',
        "app/core/b.ts": 'import "./a";',
        "app/inbox/x.ts": 'import "~/routes/site/home";\nimport "../../party/room";\nimport "../../party/protocol";\nimport "../../workers/app";',
        "app/routes/site/home.tsx": "",
        "party/room.ts": "",
        "party/protocol.ts": "",
        "workers/app.ts": "",
      }),
    ).toEqual([
      "a module outside app/routes imports a route: app/inbox/x.ts -> app/routes/site/home.tsx",
      "an import points up a floor (app/inbox -> app/routes): app/inbox/x.ts -> app/routes/site/home.tsx",
      "app/ imports party/ other than its doors: app/inbox/x.ts -> party/room.ts",
      "an import points up a floor (app/inbox -> party): app/inbox/x.ts -> party/room.ts",
      "app/ imports party/ other than its doors: app/inbox/x.ts -> party/protocol.ts",
      "app/ imports workers/: app/inbox/x.ts -> workers/app.ts",
      "an import points up a floor (app/inbox -> workers): app/inbox/x.ts -> workers/app.ts",
      "import circle: app/core/a.ts -> app/core/b.ts -> app/core/a.ts",
    ]);
    // The doors: the server's client from server code, the socket from a component.
    expect(
      check({
        "app/leads/save.server.ts": 'import { announceLead } from "../../party/client.server";',
        "app/components/dashboard/live.ts": 'import { useRoomSocket } from "../../../party/socket.client";',
        "party/client.server.ts": 'import { recordCreated } from "./protocol";\nimport { LISTS } from "../app/core/staff-lists";',
        "party/socket.client.ts": 'import { parseRoomMessage } from "./protocol";',
        "party/protocol.ts": 'import { LISTS } from "../app/core/staff-lists";',
        "app/core/staff-lists.ts": "",
      }),
    ).toEqual([]);
    // The room's wire stands low: it may not reach up into app/'s higher floors.
    expect(check({ "party/protocol.ts": 'import "../app/leads/x";', "app/leads/x.ts": "" })).toEqual([
      "an import points up a floor (party/wire -> app/leads): party/protocol.ts -> app/leads/x.ts",
    ]);
  });
});

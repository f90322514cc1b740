import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Decision 132: every cookie the site sets is made by siteCookie (cookies.server.ts), which decides Secure,
// HttpOnly, SameSite and Path once. A cookie made any other way would decide them again, and could forget one.

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("one cookie maker", () => {
  it("leaves createCookie, cookie session storage and hand-written cookie attributes to app/http/cookies.server.ts", () => {
    const offenders = ["app", "workers", "party"]
      .flatMap(sources)
      .filter((file) => file !== join("app", "http", "cookies.server.ts"))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, index) => ({ line, where: `${file}:${index + 1}` }))
          .filter(({ line }) => /\bcreateCookie(SessionStorage)?\(|\bcreate\w*SessionStorage\(|;\s*(HttpOnly|Secure|SameSite=)/i.test(line))
          .map(({ where, line }) => `${where}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/ARCHITECTURE.md, "Import rules": only app/db/ touches env.DB; everything else goes through drizzle
// (client.server.ts) or the compiled SQL of sql.server.ts, and nothing prepares a statement from a string.

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("one way to reach D1", () => {
  it("leaves env.DB, D1Database and .prepare( to app/db/", () => {
    const offenders = ["app", "workers", "party"]
      .flatMap(sources)
      .filter((file) => !file.startsWith(join("app", "db")))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, index) => ({ line, where: `${file}:${index + 1}` }))
          .filter(({ line }) => /\benv\.DB\b|\bD1Database\b|\.prepare\(/.test(line))
          .map(({ where, line }) => `${where}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});

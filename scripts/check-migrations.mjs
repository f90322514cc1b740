// npm run db:check: fails when app/db/schema.ts and the migrations' newest
// snapshot (migrations/meta) disagree. drizzle-kit writes the next migration
// from that snapshot, so a change made in schema.ts or in hand-written SQL
// alone would make the next `npm run db:generate` repeat old changes, or miss
// new ones. drizzle-kit runs on a copy: nothing in migrations/ changes.
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";

// Inside the project: drizzle-kit reads `--out` relative to it, even an absolute path.
const copy = "node_modules/.cache/check-migrations";
rmSync(copy, { recursive: true, force: true });
process.on("exit", () => rmSync(copy, { recursive: true, force: true }));
cpSync("migrations", copy, { recursive: true });

const before = new Set(readdirSync(copy));
const run = spawnSync(
  "drizzle-kit",
  ["generate", "--dialect", "sqlite", "--schema", "./app/db/schema.ts", "--out", copy, "--name", "check"],
  // A question drizzle-kit would ask (was a column renamed?) has no one to answer it here.
  { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 },
);
const written = readdirSync(copy).filter((file) => !before.has(file));
// drizzle-kit can fail and still exit 0: only its own "no changes" is a pass.
if (written.length === 0 && !/No schema changes/.test(run.stdout)) {
  process.stderr.write(run.stdout + run.stderr);
  console.error("drizzle-kit did not finish the comparison.");
  process.exit(1);
}
if (written.length > 0) {
  console.error(
    "app/db/schema.ts differs from the newest snapshot in migrations/meta: `npm run db:generate` would write a " +
      "migration for it. Make each schema change with `npm run db:generate -- --name NAME`; write SQL by hand " +
      "only for what schema.ts cannot say (virtual tables, triggers, moving data), in a file made by " +
      "`npm run db:generate -- --custom --name NAME`, so the journal and the snapshots stay in step.",
  );
  process.exit(1);
}
console.log("Migrations: the schema and the newest snapshot agree.");

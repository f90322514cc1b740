import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";
import { expect } from "vitest";

// A migration's test over rows stored before it, on a database of its own (MIGRATION_TEST_DB, vitest.config.ts):
// the migrations before it, then the rows as they were written then, then every migration.

const testEnv = env as typeof env & { TEST_MIGRATIONS: D1Migration[]; MIGRATION_TEST_DB: D1Database };
export const migrationDb = testEnv.MIGRATION_TEST_DB;

/** Applies the migrations whose names sort before `name` ("0015"): the schema as the migration finds it. */
export async function migrateUpTo(name: string) {
  const before = testEnv.TEST_MIGRATIONS.filter((migration) => migration.name < name);
  expect(before.length).toBeLessThan(testEnv.TEST_MIGRATIONS.length);
  await applyD1Migrations(migrationDb, before);
}

/** Applies the migration under test and every one after it. */
export async function migrateAll() {
  await applyD1Migrations(migrationDb, testEnv.TEST_MIGRATIONS);
}

import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";

// TEST_MIGRATIONS is bound by vitest.config.ts for the tests only, so the Worker's generated Env does not name it.
await applyD1Migrations(env.DB, (env as typeof env & { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);

import { defineConfig } from "drizzle-kit";

// drizzle-kit only writes SQL into migrations/; wrangler applies it (locally and --remote).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
});

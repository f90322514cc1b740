import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Integration tests run inside workerd against the built Worker (npm run build
// first): real D1, the real Durable Object room, real HTTP through exports.default.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `./${process.env.BUILD_DIR ?? "build"}/server/wrangler.json` },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
          },
        },
      }),
    ],
    // Tests import app modules directly (slots, the outbox), which use the ~/ alias.
    resolve: { tsconfigPaths: true },
    test: {
      include: ["tests/worker/**/*.test.ts", "app/**/*.test.ts", "workers/**/*.test.ts"],
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      testTimeout: 20_000,
    },
  };
});

import { readdirSync, readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { dropKnownNoise } from "./tests/support/known-noise.ts";
import { nuValidator, pushBrowser, twilioSigner } from "./tests/support/node-checkers.ts";
import { TEST_VAPID_KEYS } from "./tests/support/push-keys.ts";

dropKnownNoise(process.stdout);
dropKnownNoise(process.stderr);

/** The sample photos in tests/fixtures/photos, as base64 by file name (workerd tests cannot read files). */
function samplePhotos(): Record<string, string> {
  const folder = "tests/fixtures/photos";
  return Object.fromEntries(readdirSync(folder).map((name) => [name, readFileSync(`${folder}/${name}`).toString("base64")]));
}

// Two projects. `unit`: the pure modules' tests beside them (app/, party/, workers/), in Node, with no build:
// `npm run test:unit` checks a change to one of them in seconds. `worker`: the integration tests, inside
// workerd against the built Worker (npm run build first): real D1, the real Durable Object room, real HTTP
// through exports.default.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    // Tests import app modules directly (slots, the outbox), which use the ~/ alias.
    resolve: { tsconfigPaths: true },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: "unit",
            environment: "node",
            include: ["app/**/*.test.ts", "party/**/*.test.ts", "workers/**/*.test.ts", "scripts/**/*.test.ts"],
          },
        },
        {
          extends: true,
          plugins: [
            cloudflareTest({
              wrangler: { configPath: `./${process.env.BUILD_DIR ?? "build"}/server/wrangler.json` },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  TEST_PHOTOS: samplePhotos(),
                  SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
                  // Lets the SMS webhook check Twilio's signatures. Without an Account SID nothing is sent:
                  // texts wait in the outbox, and the tests drive the Twilio sender with fetch stubbed.
                  TWILIO_AUTH_TOKEN: "test-twilio-auth-token",
                  // Push is set up, as in a deployed store (tests/worker/push-notifications.test.ts).
                  VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
                  VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
                },
                // An empty database of its own, where tests/worker/migration-0006.test.ts applies the
                // migrations up to 0005, stores rows, then applies 0006 over them.
                d1Databases: ["MIGRATION_TEST_DB"],
                // twilio's signer, the Nu validator and a push-receiving browser, run in Node (tests/support/node-checkers.ts).
                serviceBindings: { TWILIO_SIGNER: twilioSigner, NU_VALIDATOR: nuValidator, PUSH_BROWSER: pushBrowser },
              },
            }),
          ],
          test: {
            name: "worker",
            include: ["tests/worker/**/*.test.ts"],
            setupFiles: ["./tests/worker/apply-migrations.ts"],
            testTimeout: 20_000,
          },
        },
      ],
    },
  };
});

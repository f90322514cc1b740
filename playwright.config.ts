import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

const port = Number(process.env.TEST_PORT ?? 8790);

export default defineConfig({
  testDir: "tests/browser",
  fullyParallel: false,
  workers: 2,
  // In CI a failed test runs once more, and the list reporter names it flaky if
  // the retry passes (docs/decisions/084). Locally a failure shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: "node scripts/serve-for-tests.mjs",
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { TEST_PORT: String(port) },
    // A signal the script can catch, so it removes its throwaway database on the way out.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});

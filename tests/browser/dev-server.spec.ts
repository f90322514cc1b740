import { spawn, type ChildProcess } from "node:child_process";
import { utimesSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { stripVTControlCharacters } from "node:util";
import { expect, test } from "@playwright/test";
import { stopPreview } from "../../scripts/preview-server.mjs";
import { startPageScripts } from "../support/page-scripts";
import { recordConsole } from "./fixtures";

// `npm run dev` as a developer meets it: started when its port is taken, a page with
// scripts opened, a content page edited. The dev server takes half a minute or more
// to start on a loaded machine, so this file gives it minutes.
test.describe.configure({ timeout: 300_000 });

let taken: Server;
let dev: ChildProcess;
let output = "";

/** Resolves with the first match of `pattern` in the dev server's output (stdout or stderr), so far or to come. */
function waitForOutput(pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = output.match(pattern);
      if (!match) return;
      for (const stream of [dev.stdout, dev.stderr]) stream?.off("data", check);
      resolve(match);
    };
    for (const stream of [dev.stdout, dev.stderr]) stream?.on("data", check);
    dev.once("exit", (code) => reject(new Error(`npm run dev exited (${code}) before printing ${pattern}:\n${output}`)));
    check();
  });
}

test.beforeAll(async () => {
  // Another server already holds the port the developer asks for.
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, resolve));
  const address = taken.address();
  if (!address || typeof address !== "object") throw new Error("no port");
  const env: NodeJS.ProcessEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
  delete env.PORT;
  dev = spawn("node", ["scripts/dev.mjs", "--port", String(address.port)], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so stopPreview ends Vite and workerd with it
  });
  for (const stream of [dev.stdout, dev.stderr]) {
    stream?.on("data", (chunk: Buffer) => (output += stripVTControlCharacters(chunk.toString())));
  }
});

test.afterAll(async () => {
  if (dev) await stopPreview(dev);
  taken?.close();
});

test("npm run dev names the port it took, keeps the console clean and reloads an edited content page", async ({
  page,
}) => {
  const takenPort = (taken.address() as { port: number }).port;
  // Vite's own line says where it listens; the banner must say the same.
  const [, vitePort] = await waitForOutput(/Local:\s+http:\/\/localhost:(\d+)\//);
  const [, bannerUrl, bannerPort] = await waitForOutput(/is starting on (http:\/\/localhost:(\d+))/);
  expect(Number(vitePort)).not.toBe(takenPort);
  expect(bannerPort).toBe(vitePort);

  // A page with scripts hydrates without a word in the console (the nonce mismatch
  // was reported here). Chromium names an unused preload 3 s after the load event.
  const messages = recordConsole(page);
  await page.goto(`${bannerUrl}/login`, { waitUntil: "load" });
  // Its scripts start at the clerk's first interaction (decision 138).
  await startPageScripts(page, 60_000);
  await page.waitForTimeout(4_000);
  expect(messages).toEqual([]);

  // A content page runs no script of React Router's, yet reloads when its module changes.
  const connected = page.waitForEvent("console", {
    predicate: (message) => message.text().includes("[vite] connected"),
    timeout: 60_000,
  });
  await page.goto(`${bannerUrl}/services`);
  await connected;
  await page.evaluate(() => ((window as { beforeEdit?: boolean }).beforeEdit = true));
  const now = new Date();
  utimesSync("app/routes/site/services.tsx", now, now); // an editor's save, without changing the file
  await page.waitForFunction(() => !(window as { beforeEdit?: boolean }).beforeEdit, null, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(messages).toEqual([]);
});

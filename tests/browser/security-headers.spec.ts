// The policy in a real browser: static files get their headers over HTTP
// (Workers Static Assets never runs the Worker), every public page runs its
// scripts under the nonce CSP with no violation, and GA4 works when configured.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { FORM_PAGES } from "../support/budgets";
import { PUBLIC_PAGES } from "../support/public-pages";
import { startPageScripts } from "../support/page-scripts";
import { recordRequests, TEST_STAFF } from "./fixtures";

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

test.describe("static files", () => {
  test("built scripts, styles and public images carry the security headers", async ({ page, request }) => {
    const files = new Set<string>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/assets/")) files.add(url.pathname);
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    files.add("/favicon.svg");
    expect(files.size).toBeGreaterThan(2);

    for (const path of files) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers["content-security-policy"], path).toContain("default-src 'none'");
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      if (path.startsWith("/assets/")) expect(headers["cache-control"], path).toBe("public, max-age=31536000, immutable");
    }
  });
});

test.describe("pages under the policy", () => {
  for (const path of PUBLIC_PAGES) {
    // Form pages hydrate, once reached for (docs/decisions/070, 076); every other public page runs no script at all.
    const hydrated = FORM_PAGES.has(path);
    test(`${path} ${hydrated ? "runs its scripts" : "runs no script"} with no CSP violation`, async ({ page }) => {
      const violations = await watchViolations(page);
      const scripts = recordRequests(page, "script");
      const response = await page.goto(path);
      await page.waitForLoadState("networkidle");
      const scriptSrc = /script-src ([^;]*)/.exec(response!.headers()["content-security-policy"] ?? "")?.[1] ?? "";
      if (hydrated) {
        // Its scripts wait for the visitor's first interaction (docs/decisions/076); then
        // React Router's module entry runs (a nonced inline module script, put back by a nonced one).
        expect(scripts).toEqual([]);
        await page.keyboard.press("Shift");
        await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
        expect(scriptSrc).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
      } else {
        expect(scripts).toEqual([]);
        expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
        expect(scriptSrc).toBe("'none'");
      }
      expect(violations).toEqual([]);
    });
  }

  test("client-side navigation loads route chunks under 'strict-dynamic'", async ({ page }) => {
    // Signing in is a client-side navigation from /login to the dashboard, whose chunks load lazily.
    const violations = await watchViolations(page);
    await page.goto("/login");
    await startPageScripts(page);
    await page.evaluate(() => ((window as unknown as Record<string, unknown>).__sameDocument = true));
    await page.getByRole("textbox", { name: /^E-mail/ }).fill(TEST_STAFF.email);
    await page.getByLabel(/^Password/).fill(TEST_STAFF.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Still the same document: the router navigated in place with a lazily imported chunk.
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__sameDocument)).toBe(true);
    expect(violations).toEqual([]);
  });
});

// gtag.js stand-in: like the real one it is loaded by the page's nonced tag, adds a
// second script of its own, and reports each queued event to google-analytics.com.
const FAKE_GTAG = `
  (function () {
    var helper = document.createElement("script");
    helper.src = "https://www.googletagmanager.com/gtag/destination?id=G-TEST12345";
    document.head.appendChild(helper);
  })();`;
const FAKE_DESTINATION = `
  (function () {
    function send(args) {
      if (args[0] !== "event") return;
      fetch("https://region1.google-analytics.com/g/collect?v=2&tid=G-TEST12345&en=" + encodeURIComponent(args[1]), { method: "POST", mode: "no-cors" });
      new Image().src = "https://www.google-analytics.com/g/collect?v=2&tid=G-TEST12345&pixel=" + encodeURIComponent(args[1]);
    }
    var queue = window.dataLayer = window.dataLayer || [];
    for (var i = 0; i < queue.length; i++) send(queue[i]);
    var push = queue.push.bind(queue);
    queue.push = function (args) { send(args); return push(args); };
  })();`;

test.describe("with GA4 configured", () => {
  test.describe.configure({ mode: "serial" });
  const port = Number(process.env.TEST_PORT ?? 8790) + 10;
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  let persistDir = "";

  let buildDir = "";

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // The analytics id is a build-time setting (docs/decisions/138): a build of its own, with an id, served
    // by `wrangler dev` on its built config (Static Assets with the build's _headers, the Worker behind them).
    buildDir = mkdtempSync(join(tmpdir(), "jewelry-analytics-build-"));
    persistDir = mkdtempSync(join(tmpdir(), "jewelry-analytics-"));
    const toolEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
    // A build points `vite preview` at itself (.wrangler/deploy/config.json): put the tests' build back after it.
    const pointer = join(".wrangler", "deploy", "config.json");
    const previous = existsSync(pointer) ? readFileSync(pointer) : null;
    const built = spawnSync("react-router", ["build"], { env: { ...toolEnv, BUILD_DIR: buildDir, GA_MEASUREMENT_ID: "G-TEST12345" }, stdio: "ignore" });
    if (previous) writeFileSync(pointer, previous);
    if (built.status !== 0) throw new Error("the build with an analytics id failed");
    const config = join(buildDir, "server", "wrangler.json");
    // A database with the staff account, for a client-side navigation in the hydrated staff area.
    for (const [command, args] of [
      ["wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]],
      ["node", ["scripts/staff-create.ts", "--email", TEST_STAFF.email, "--password", TEST_STAFF.password, "--persist-to", persistDir]],
    ] as const) {
      const result = spawnSync(command, args, { env: toolEnv, stdio: "ignore" });
      if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
    }
    server = spawn(
      "wrangler",
      ["dev", "--config", config, "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persistDir, "--show-interactive-dev-session=false"],
      { env: toolEnv, stdio: "ignore", detached: true },
    );
    for (let i = 0; i < 120; i++) {
      try {
        if ((await fetch(`${origin}/robots.txt`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error("the analytics server did not start");
  });

  test.afterAll(() => {
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    rmSync(persistDir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
  });

  test("a content page is a static file carrying the site's own analytics loader, and its policy allows gtag.js", async ({ request }) => {
    const response = await request.get(`${origin}/services`);
    // Static Assets' answer (an ETag of its own), not the Worker's.
    expect(response.headers()["etag"]).toBeTruthy();
    const html = await response.text();
    const tag = /<script[^>]*src="\/assets\/analytics-[\w-]+\.js"[^>]*>/.exec(html)?.[0] ?? "";
    expect(tag).toMatch(/\basync\b/);
    expect(tag).toContain('data-measurement-id="G-TEST12345"');
    expect(tag).not.toContain("nonce=");
    // The only other script is the JSON-LD data block (docs/decisions/073).
    expect((html.match(/<script\b[^>]*>/g) ?? []).filter((t) => t !== tag)).toEqual(['<script type="application/ld+json">']);
    expect(/script-src ([^;]*)/.exec(response.headers()["content-security-policy"] ?? "")?.[1]).toBe("'self' https://www.googletagmanager.com");

    // A form page: the same file, carrying the response's nonce.
    const form = await request.get(`${origin}/contactus`);
    const nonce = /'nonce-([^']+)'/.exec(form.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(await form.text()).toMatch(new RegExp(`<script[^>]*analytics-[^>]*nonce="${nonce!.replace(/[+/=]/g, "\\$&")}"`));
  });

  test("page views reach Google without their query, from public pages only, with no CSP violation", async ({ page }) => {
    const violations = await watchViolations(page);
    const beacons: string[] = [];
    const scripts = recordRequests(page, "script");
    await page.route("https://www.googletagmanager.com/gtag/js**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: FAKE_GTAG }),
    );
    await page.route("https://www.googletagmanager.com/gtag/destination**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: FAKE_DESTINATION }),
    );
    await page.route(/https:\/\/[^/]*google-analytics\.com\//, (route) => {
      beacons.push(route.request().url());
      return route.fulfill({ status: 204 });
    });
    const pageViews = () => beacons.filter((url) => url.includes("en=page_view")).length;

    // A content page: no script of React's, only the site's analytics file and gtag.js (docs/decisions/073).
    const documentResponse = await page.goto(`${origin}/`);
    // A static file, built with the id (docs/decisions/138).
    expect(documentResponse!.headers()["etag"]).toBeTruthy();
    const policy = documentResponse!.headers()["content-security-policy"] ?? "";
    expect(policy).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(policy).toContain("https://*.google-analytics.com");
    await expect.poll(pageViews).toBe(1);
    expect(beacons.some((url) => url.includes("pixel=page_view"))).toBe(true);
    expect(scripts.map((url) => new URL(url).pathname).filter((path) => !path.startsWith("/gtag/"))).toEqual([expect.stringMatching(/^\/assets\/analytics-[\w-]+\.js$/)]);

    // A hydrated public page with a secret in its query: its page view carries the path alone (docs/decisions/099).
    await page.goto(`${origin}/book?booking=secret-reference-1`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(pageViews).toBe(2);
    // A client-side route change on it: one more page view, again without the query.
    await startPageScripts(page);
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(
        "/contactus?from=secret-reference-2",
      ),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We would love to hear from you");
    await expect.poll(pageViews).toBe(3);
    const sent = await page.evaluate(() =>
      JSON.stringify(((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => Array.from(entry))),
    );
    expect(sent).toContain(`"page_location":"${origin}/book"`);
    expect(sent).toContain(`"page_location":"${origin}/contactus"`);
    expect(sent).not.toContain("secret-reference");
    expect(beacons.join("\n")).not.toContain("secret-reference");

    // Sign-in, the dashboard, an invitation and a manage link load no analytics at all; each page renders.
    const before = scripts.length;
    const sentBefore = beacons.length;
    await page.goto(`${origin}/invite/secret-reference-3`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set your password");
    await page.goto(`${origin}/appointment/secret-reference-4`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your appointment");
    await page.goto(`${origin}/login`);
    await startPageScripts(page);
    await page.getByRole("textbox", { name: /^E-mail/ }).fill(TEST_STAFF.email);
    await page.getByLabel(/^Password/).fill(TEST_STAFF.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/dashboard");
    await page.goto(`${origin}/dashboard?tab=contacts&q=secret-reference-5`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts.slice(before).filter((url) => /\/assets\/analytics-|googletagmanager/.test(url))).toEqual([]);
    expect(beacons.length).toBe(sentBefore);
    expect(await page.evaluate(() => "gtag" in window)).toBe(false);
    expect(violations).toEqual([]);
  });
});

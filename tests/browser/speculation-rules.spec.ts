// Instant navigation (docs/decisions/072): the Speculation-Rules header loads the
// rules file with no error and no CSP violation, and hovering a link to a content
// page starts a prerender of it (and only then).
import { expect, test } from "@playwright/test";

interface RuleSet {
  url?: string;
  errorType?: string;
  errorMessage?: string;
}
interface PrerenderStatus {
  key: { url: string; action: string };
  status: string;
  prerenderStatus?: string;
}

test("hovering a link starts prerendering its page", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const ruleSets: RuleSet[] = [];
  const statuses: PrerenderStatus[] = [];
  const violations: string[] = [];
  cdp.on("Preload.ruleSetUpdated", (event: { ruleSet: RuleSet }) => ruleSets.push(event.ruleSet));
  cdp.on("Preload.prerenderStatusUpdated", (event: PrerenderStatus) => statuses.push(event));
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await cdp.send("Preload.enable");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/aboutus");
  await expect.poll(() => ruleSets.length).toBeGreaterThan(0);
  expect(ruleSets[0]!.url).toMatch(/\/speculation-rules\.json$/);
  expect(ruleSets[0]!.errorType, ruleSets[0]!.errorMessage).toBeUndefined();

  const services = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services", exact: true });
  const attemptsFor = (path: string) => statuses.filter((s) => new URL(s.key.url).pathname === path);
  // Moderate eagerness: nothing is prerendered until the visitor reaches for a link.
  await page.waitForTimeout(300);
  expect(attemptsFor("/services")).toEqual([]);
  await services.hover();
  await expect.poll(() => attemptsFor("/services").length).toBeGreaterThan(0);
  expect(attemptsFor("/services")[0]!.key.action).toBe("Prerender");
  // Chromium refuses to prerender while DevTools is attached (Playwright drives it through
  // DevTools), so the attempt ends there; in a visitor's browser it becomes Ready.
  const ended = attemptsFor("/services").filter((s) => s.status === "Failure");
  for (const failure of ended) expect(failure.prerenderStatus).toBe("PrerenderingDisabledByDevTools");

  await services.click();
  await expect(page).toHaveURL(/\/services$/);
  expect(violations).toEqual([]);
});

test("links to sign out and to the staff area are never speculated", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const attempts: string[] = [];
  cdp.on("Preload.preloadingAttemptSourcesUpdated", (event: { preloadingAttemptSources: { key: { url: string } }[] }) => {
    for (const source of event.preloadingAttemptSources) attempts.push(source.key.url);
  });
  await cdp.send("Preload.enable");
  await page.goto("/privacy");
  // Links the rules must leave alone, added to the page as a visitor's browser would see them.
  await page.evaluate(() => {
    for (const href of ["/logout", "/dashboard", "/dashboard/account", "/login"]) {
      const link = document.createElement("a");
      link.href = href;
      link.textContent = href;
      document.querySelector("main")!.appendChild(link);
    }
  });
  await page.getByRole("link", { name: "/dashboard", exact: true }).hover();
  await page.getByRole("link", { name: "/logout", exact: true }).hover();
  await page.getByRole("link", { name: "/login", exact: true }).hover();
  await page.waitForTimeout(500);
  expect(attempts.filter((url) => /\/(logout|dashboard|login)/.test(new URL(url).pathname))).toEqual([]);
  // The rules do apply on this page: a content link is a candidate.
  expect(attempts.some((url) => new URL(url).pathname === "/")).toBe(true);
});

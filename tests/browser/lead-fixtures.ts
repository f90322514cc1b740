import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { freshAddress } from "./fixtures";

// Every browser test of the lead forms is its own visitor: its own
// CF-Connecting-IP, so the per-visitor rate limit stays real (and strict)
// without tests sharing one "local" budget and failing at random.
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; there are none
  extraHTTPHeaders: async ({}, provide) => {
    await provide({ "CF-Connecting-IP": freshAddress() });
  },
});

export { expect };

function storeToday(): Date {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
  return new Date(`${today}T12:00:00Z`);
}

/** A date a few days ahead in the store's time zone, never a Sunday; tests use different offsets. */
export function bookableDate(offsetDays: number): string {
  const date = storeToday();
  date.setUTCDate(date.getUTCDate() + offsetDays);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The first given weekday (0 = Sunday) at least `minOffsetDays` ahead. */
export function nextWeekday(weekday: number, minOffsetDays: number): string {
  const date = storeToday();
  date.setUTCDate(date.getUTCDate() + minOffsetDays);
  while (date.getUTCDay() !== weekday) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * axe-core's default rules (WCAG 2.x A/AA and best practices, as the site's own
 * a11y tests use) on the part of the page the lead forms own.
 */
export async function expectNoAxeViolations(page: Page, include = "main") {
  const builder = new AxeBuilder({ page }).include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`)).toEqual([]);
}

/** Chooses a day in the booking form's scheduler (a radio button named like "Sat Nov 28"). */
export async function chooseDay(scope: Page | Locator, date: string) {
  const day = new Date(`${date}T12:00:00Z`);
  const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" }).format(day);
  const monthDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(day);
  await scope.getByRole("group", { name: /^Day/ }).getByRole("radio", { name: `${weekday} ${monthDay}`, exact: true }).check();
}

/** Chooses a time among the chosen day's chips. */
export async function chooseTime(scope: Page | Locator, time: string) {
  await scope.getByRole("group", { name: /^Time/ }).getByRole("radio", { name: time, exact: true }).check();
}

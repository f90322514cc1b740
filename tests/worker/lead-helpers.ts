import { env } from "cloudflare:test";
import { addDays } from "../../app/core/slots";
import { storeDate } from "../../app/core/store-time";
import type { LeadKind } from "../../app/core/lead-kinds";
import { issueSubmissionToken } from "../../app/leads/submission-token.server";
import { unseal } from "../../app/core/secret";
import { TOAST_COOKIE } from "../../app/http/cookie-names";
import { get, postForm } from "./helpers";

/** A fresh, validly signed token, as the form's page would render it. */
export function issueToken(kind: LeadKind, issuedAt = Date.now()) {
  return issueSubmissionToken(env, kind, issuedAt);
}

/** The token a page actually rendered into its form. */
export async function tokenFromPage(path: string): Promise<string> {
  const html = await (await get(path)).text();
  const match = /name="submissionToken" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no submission token on ${path}`);
  return match[1]!;
}

let ipCounter = 0;
/** Each test posts from its own address, so the per-visitor rate limit stays real without tests colliding. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250) % 256}.${(ipCounter % 250) + 1}`;
}

/** The form limit's binding period (FORM_RATE_LIMIT_BINDING_PERIOD_SECONDS; wrangler.toml). */
export const FORM_WINDOW_MS = 60_000;

/**
 * Waits, when less than 20 seconds of a limit's current window are left, for the next one. The limits count in
 * fixed windows aligned to the clock (the D1 counter, the Rate Limiting binding and miniflare's copy of it), so a
 * test that posts up to a limit and expects the next post refused must not straddle two windows, however slow the
 * machine.
 */
export async function awayFromWindowEdge(windowMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** The form limit's window, as awayFromWindowEdge. */
export const freshFormWindow = () => awayFromWindowEdge(FORM_WINDOW_MS);

/** A lead form post from one visitor (their own IP), with a fresh token unless the fields carry one. */
export async function postLead(path: string, kind: LeadKind, fields: Record<string, string>, ip = uniqueIp()) {
  const submissionToken = fields.submissionToken ?? (await issueToken(kind));
  return postForm(path, { submissionToken, ...fields }, { "CF-Connecting-IP": ip });
}

let dayCounter = 0;
/** A bookable weekday (Mon–Sat) no other test in this run uses, a few days ahead. */
export function freeWeekday(): string {
  for (;;) {
    dayCounter += 1;
    const date = addDays(storeDate(), 2 + dayCounter);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0) return date;
  }
}

export async function rows<T>(query: string, ...params: unknown[]): Promise<T[]> {
  const result = await env.DB.prepare(query)
    .bind(...params)
    .all<T>();
  return result.results;
}

/** The visible text of an HTML answer, tags stripped, entities for quotes decoded. */
export async function textOf(response: Response): Promise<string> {
  const html = await response.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/**
 * The flash toast a redirect sets, or null: the cookie is sealed (decision 132), so it is opened with the site's
 * secret, as the page the redirect opens does.
 */
export async function flashToast(response: Response): Promise<{ type: string; message: string } | null> {
  const match = /flash_toast=([^;]*)/.exec(response.headers.getSetCookie().join("\n"));
  if (!match?.[1]) return null;
  const sealed = JSON.parse(atob(decodeURIComponent(match[1]))) as string;
  const opened = await unseal(env, TOAST_COOKIE, sealed);
  return opened === null ? null : ((JSON.parse(opened) as { toast?: { type: string; message: string } }).toast ?? null);
}

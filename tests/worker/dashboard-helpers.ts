import { env, SELF } from "cloudflare:test";
import jwt from "@tsndr/cloudflare-worker-jwt";
import { expect } from "vitest";
import { ORIGIN } from "./helpers";

/** Must match SESSION_SECRET in vitest.config.ts. */
export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdef0123456789";

/** A staff_session cookie holding exactly this token, encoded the way React Router's createCookie does. */
export function cookieWithToken(token: string) {
  return `staff_session=${encodeURIComponent(btoa(JSON.stringify(token)))}`;
}

/** A signed session token with chosen claims (to build expired, forged or revoked cookies). */
export function signToken(claims: Record<string, unknown>, secret = TEST_SESSION_SECRET) {
  return jwt.sign(claims, secret, { algorithm: "HS256" });
}

/** The token inside a Cookie header value made by signIn(). */
export function tokenOf(cookie: string): string {
  return JSON.parse(atob(decodeURIComponent(cookie.slice("staff_session=".length)))) as string;
}

/** The claims inside a session cookie made by signIn() (sid names its sessions row). */
export function claimsOf(cookie: string): { sub: string; sid: string; ver: number; iat: number; exp: number } {
  return JSON.parse(atob(tokenOf(cookie).split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
}

/** Opens the dashboard room's socket with this cookie, as an open dashboard does. */
export async function openLiveSocket(cookie: string) {
  const response = await SELF.fetch(`${ORIGIN}/parties/dashboard-room/staff`, {
    headers: { Upgrade: "websocket", Origin: ORIGIN, Cookie: cookie },
  });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: string[] = [];
  const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
  // A listener returns nothing: workerd warns about any value (push's length here).
  socket.addEventListener("message", (event) => {
    messages.push(String(event.data));
  });
  socket.accept();
  return { socket, messages, closed };
}

export function getWithCookie(path: string, cookie?: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
}

export function postWithCookie(path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

const quote = (value: string | number) => (typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`);

/** Inserts rows with plain multi-row INSERTs (500 rows a statement, 20 statements a batch); returns nothing. */
async function insertRows(table: string, columns: string[], rows: (string | number)[][]) {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const values = rows
      .slice(start, start + 500)
      .map((row) => `(${row.map(quote).join(", ")})`)
      .join(", ");
    statements.push(env.DB.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values}`));
  }
  for (let start = 0; start < statements.length; start += 20) {
    await env.DB.batch(statements.slice(start, start + 20));
  }
}

export interface ContactSeed {
  name: string;
  phone?: string;
  email?: string;
  message?: string;
  createdAt?: number;
  status?: string;
}

export async function seedContacts(rows: ContactSeed[]) {
  const now = Date.now();
  await insertRows(
    "contact_messages",
    ["name", "phone", "email", "message", "created_at", "status"],
    rows.map((row, index) => [
      row.name,
      row.phone ?? "+19015550100",
      row.email ?? "visitor@example.com",
      row.message ?? "Hello",
      row.createdAt ?? now - (rows.length - index) * 1000,
      row.status ?? "new",
    ]),
  );
}

export async function seedOrders(rows: { name: string; email?: string; createdAt?: number; materialPreferences?: string }[]) {
  const now = Date.now();
  await insertRows(
    "orders",
    ["name", "phone", "email", "jewelry_type", "material_preferences", "diamond_selection", "created_at"],
    rows.map((row, index) => [
      row.name,
      "+19015550111",
      row.email ?? "buyer@example.com",
      "Custom Ring",
      row.materialPreferences ?? "Gold Yellow",
      "Moissanite",
      row.createdAt ?? now - (rows.length - index) * 1000,
    ]),
  );
}

let seatCounter = 0;

export async function seedAppointments(rows: { name: string; startsAt: number; createdAt?: number; service?: string }[]) {
  const now = Date.now();
  await insertRows(
    "appointments",
    ["name", "phone", "date", "time", "service", "created_at", "starts_at", "slot_seat"],
    rows.map((row, index) => {
      const day = new Date(row.startsAt).toISOString().slice(0, 10);
      return [row.name, "+19015550122", day, "11:00 AM", row.service ?? "Repair", row.createdAt ?? now - (rows.length - index) * 1000, row.startsAt, ++seatCounter];
    }),
  );
}

/** The id of the newest row with this name. */
export async function idOf(table: string, name: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT id FROM ${table} WHERE name = ? ORDER BY id DESC LIMIT 1`).bind(name).first<{ id: number }>();
  if (!row) throw new Error(`no ${table} row named ${name}`);
  return row.id;
}

/** Badge counts as the page shows them ({} when none), read from data-count attributes. */
export function badgesIn(html: string): Record<string, number> {
  const badges: Record<string, number> = {};
  for (const match of html.matchAll(/data-testid="badge-(\w+)" data-count="(\d+)"/g)) badges[match[1]!] = Number(match[2]);
  return badges;
}

/** The inbox rows on a page: id and whether it is marked unread, in page order. */
export function rowsIn(html: string): { id: number; unread: boolean }[] {
  return [...html.matchAll(/data-testid="inbox-row" data-id="(\d+)" data-unread="(true|false)"/g)].map((match) => ({
    id: Number(match[1]),
    unread: match[2] === "true",
  }));
}

/** An href in the page by its rel (the pager's "next"/"prev"), unescaped. */
export function relHref(html: string, rel: "next" | "prev"): string | null {
  const match = new RegExp(`<a[^>]*href="([^"]+)"[^>]*rel="${rel}"`).exec(html) ?? new RegExp(`<a[^>]*rel="${rel}"[^>]*href="([^"]+)"`).exec(html);
  return match ? match[1]!.replaceAll("&amp;", "&") : null;
}

import { env, SELF } from "cloudflare:test";
import { hashPassword } from "../../app/auth/password";

export const ORIGIN = "http://localhost:8787";

/** A same-origin form post, as a browser would send it. */
export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields),
  });
}

export function get(path: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", headers });
}

let staffCounter = 0;

/** A staff account in D1, with a low PBKDF2 cost so tests stay fast. */
export async function createStaff(password = "correct-horse-battery") {
  const email = `staff${++staffCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const hash = await hashPassword(password, 1000);
  const row = await env.DB.prepare(
    "INSERT INTO users (email, password_hash, token_version, created_at) VALUES (?, ?, 0, ?) RETURNING id",
  )
    .bind(email, hash, Date.now())
    .first<{ id: number }>();
  return { id: row!.id, email, password };
}

/**
 * A new account that owns the store from now on. The database holds one owner,
 * so whoever owned it before becomes staff, in one batch, as after a transfer.
 */
export async function createOwner() {
  const owner = await createStaff();
  await env.DB.batch([
    env.DB.prepare("UPDATE users SET role = 'staff' WHERE role = 'owner'"),
    env.DB.prepare("UPDATE users SET role = 'owner' WHERE id = ?").bind(owner.id),
  ]);
  return owner;
}

/** Signs in through the real login form and returns the Cookie header value. */
export async function signIn(staff: { email: string; password: string }) {
  const response = await postForm("/login", { email: staff.email, password: staff.password });
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  const match = /staff_session=[^;]+/.exec(setCookie);
  if (!match) throw new Error(`sign-in failed with ${response.status}`);
  return match[0];
}

export async function count(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}


import { and, eq, ne, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { pushSubscriptions, sessions, users } from "~/db/schema";
import { d1RateLimiter, retryAfterHeaders, waitFor } from "~/http/rate-limit.server";
import { disconnectSession, disconnectStaff } from "../../party/client.server";
import { hashPassword, verifyPassword } from "./password";
import { endSession, revokeStaffSessions } from "./session.server";

// What a signed-in staff member can do to their own account.

/** A stolen session must not become a way to guess the password: same limit as the login. */
const PASSWORD_TRIES = { limit: 5, windowMs: 15 * 60 * 1000 };

export type PasswordChange =
  | { ok: true; user: { id: number; tokenVersion: number } }
  | { ok: false; status: 400 | 429; field?: "currentPassword"; message: string; headers?: HeadersInit };

/** Revokes every session of the account and closes its open dashboards' live connections. */
export async function signOutEverywhere(env: Env, ctx: ExecutionContext, userId: number): Promise<void> {
  await revokeStaffSessions(env, userId);
  ctx.waitUntil(disconnectStaff(env, userId));
}

/** A sign-in this recent stands in for typing the password again (adding a passkey). */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

type PasswordCheck = { ok: true } | { ok: false; status: 400 | 429; field?: "currentPassword"; message: string; headers?: HeadersInit };

/**
 * Checks the signed-in member's current password. Counted before it is checked
 * (one atomic UPSERT), so parallel wrong guesses cannot all be verified; a
 * paused account is refused without counting. A right password clears the count.
 */
async function checkCurrentPassword(env: Env, userId: number, password: string): Promise<PasswordCheck> {
  const limiter = d1RateLimiter(env, PASSWORD_TRIES);
  const key = `password-change:user:${userId}`;
  const throttled = await limiter.attempt(key);
  if (!throttled.allowed) {
    const message = `Too many wrong passwords. Please wait ${waitFor(throttled)} and try again.`;
    return { ok: false, status: 429, message, headers: retryAfterHeaders(throttled) };
  }
  const account = await getDb(env).query.users.findFirst({ columns: { passwordHash: true }, where: eq(users.id, userId) });
  if (!account || !(await verifyPassword(password, account.passwordHash))) {
    return { ok: false, status: 400, field: "currentPassword", message: "That is not your current password." };
  }
  await limiter.reset(key);
  return { ok: true };
}

/**
 * Whether this session may add a way in (a passkey): it signed in within the
 * last 5 minutes, or the person types their current password now. A stolen
 * session alone cannot plant a passkey that outlives a password reset.
 */
export async function confirmRecentSignIn(env: Env, user: { id: number; signedInAt: number }, password: unknown): Promise<PasswordCheck> {
  if (Date.now() - user.signedInAt < RECENT_SIGN_IN_MS) return { ok: true };
  if (typeof password !== "string" || password === "") {
    return { ok: false, status: 400, field: "currentPassword", message: "Enter your current password to add a passkey." };
  }
  return checkCurrentPassword(env, user.id, password.slice(0, 1024));
}

/**
 * Sets a new password when the current one is right. The new hash, a new token
 * version and the end of every session go in one batch, so every older cookie
 * stops working at once, with the push notifications of every other device; the
 * caller starts a fresh session for this device (`startSession`'s `replaces`).
 */
export async function changePassword(
  env: Env,
  ctx: ExecutionContext,
  user: { id: number; sessionId: string },
  passwords: { currentPassword: string; newPassword: string },
): Promise<PasswordChange> {
  const userId = user.id;
  const checked = await checkCurrentPassword(env, userId, passwords.currentPassword);
  if (!checked.ok) return checked;
  const db = getDb(env);
  const [[updated]] = await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(passwords.newPassword), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ id: users.id, tokenVersion: users.tokenVersion }),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.sessionId, user.sessionId))),
  ]);
  if (!updated) throw new Error("staff account vanished during a password change");
  ctx.waitUntil(disconnectStaff(env, userId));
  return { ok: true, user: updated };
}

/** Ends one of the caller's sessions (from the account page) and closes its live connections. */
export async function endOwnSession(env: Env, ctx: ExecutionContext, userId: number, sessionId: string): Promise<boolean> {
  const ended = await endSession(env, userId, sessionId);
  if (ended) ctx.waitUntil(disconnectSession(env, sessionId));
  return ended;
}

import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { d1RateLimiter, retryAfterHeaders, waitFor } from "~/http/rate-limit.server";
import { disconnectSession, disconnectStaff } from "~/live/client.server";
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

/**
 * Sets a new password when the current one is right. The new hash, a new token
 * version and the end of every session go in one batch, so every older cookie
 * stops working at once; the caller starts a fresh session for this device.
 */
export async function changePassword(
  env: Env,
  ctx: ExecutionContext,
  userId: number,
  passwords: { currentPassword: string; newPassword: string },
): Promise<PasswordChange> {
  const db = getDb(env);
  const limiter = d1RateLimiter(env, PASSWORD_TRIES);
  const key = `password-change:user:${userId}`;
  // Counted before the password is checked (one atomic UPSERT), so parallel wrong
  // guesses cannot all be verified; a paused account is refused without counting.
  const throttled = await limiter.attempt(key);
  if (!throttled.allowed) {
    const message = `Too many wrong passwords. Please wait ${waitFor(throttled)} and try again.`;
    return { ok: false, status: 429, message, headers: retryAfterHeaders(throttled) };
  }

  const account = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!account || !(await verifyPassword(passwords.currentPassword, account.passwordHash))) {
    return { ok: false, status: 400, field: "currentPassword", message: "That is not your current password." };
  }

  const [[updated]] = await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(passwords.newPassword), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ id: users.id, tokenVersion: users.tokenVersion }),
    db.delete(sessions).where(eq(sessions.userId, userId)),
  ]);
  if (!updated) throw new Error("staff account vanished during a password change");
  await limiter.reset(key);
  ctx.waitUntil(disconnectStaff(env, userId));
  return { ok: true, user: updated };
}

/** Ends one of the caller's sessions (from the account page) and closes its live connections. */
export async function endOwnSession(env: Env, ctx: ExecutionContext, userId: number, sessionId: string): Promise<boolean> {
  const ended = await endSession(env, userId, sessionId);
  if (ended) ctx.waitUntil(disconnectSession(env, sessionId));
  return ended;
}

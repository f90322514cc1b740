import { and, desc, eq, gt, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { pushSubscriptions, sessions, users, type StaffRole } from "~/db/schema";
import { clientIp } from "~/http/rate-limit.server";
import { toBase64Url } from "~/core/base64";
import { signJwt, verifyJwt } from "~/core/secret";
import { STAFF_SESSION_COOKIE } from "~/http/cookie-names";
import { siteCookie, type SiteCookie } from "~/http/cookies.server";

// A staff session is a row in `sessions` (who, since when, last seen, from where)
// named by a signed cookie. Deleting the row ends that one session at once; the
// account's token version ends all of them (docs/decisions/056).

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 12;
/** A session unused this long has ended. */
const SESSION_IDLE_MS = SESSION_MAX_AGE_SECONDS * 1000;
/** How often a used session's "last seen" is written (and its cookie renewed): not on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
const RENEW_COOKIE_AFTER_SECONDS = 60 * 60;

interface SessionClaims {
  /** Expiry, seconds since the epoch (checked by jwt.verify). */
  exp?: number;
  iat?: number;
  /** users.id */
  sub: string;
  /** users.token_version at sign-in; a newer version in the database revokes this cookie. */
  ver: number;
  /** sessions.id */
  sid: string;
}

export interface StaffUser {
  id: number;
  email: string;
  role: StaffRole;
  /** This browser's session (sessions.id). */
  sessionId: string;
  /** When this session began: the sign-in that proved the password or passkey (epoch ms). */
  signedInAt: number;
  /** When this cookie's token stops being accepted (epoch ms). */
  sessionExpiresAt: number;
  /** A renewed cookie to send back, when the current one is over an hour old. */
  renewedCookie?: string;
}

const sessionCookie = siteCookie(STAFF_SESSION_COOKIE, { maxAge: SESSION_MAX_AGE_SECONDS });

async function signSessionCookie(request: Request, env: Env, claims: Pick<SessionClaims, "sub" | "ver" | "sid">) {
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt(env, { ...claims, iat: now, exp: now + SESSION_MAX_AGE_SECONDS } satisfies SessionClaims);
  return sessionCookie.set(request, token);
}

/**
 * Starts a session for this browser (a new row) and returns its cookie. `replaces` is the session this browser
 * had until now (a password change ends it and signs this browser in again): its push devices move to the new one.
 */
export async function startSession(request: Request, env: Env, user: { id: number; tokenVersion: number }, replaces?: string) {
  const id = toBase64Url(crypto.getRandomValues(new Uint8Array(18)));
  const now = new Date();
  const db = getDb(env);
  const insert = db.insert(sessions).values({
    id,
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    ip: clientIp(request),
    userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 300),
  });
  if (replaces) {
    await db.batch([
      insert,
      db
        .update(pushSubscriptions)
        .set({ sessionId: id })
        .where(and(eq(pushSubscriptions.sessionId, replaces), eq(pushSubscriptions.userId, user.id))),
    ]);
  } else {
    await insert;
  }
  return signSessionCookie(request, env, { sub: String(user.id), ver: user.tokenVersion, sid: id });
}

export function destroySessionCookie(request: Request) {
  return sessionCookie.clear(request);
}

/**
 * The payload of a signed token held in one of our cookies, or null for a
 * missing, malformed, oversized, tampered or expired one; never throws.
 */
export async function readSignedCookie<Claims>(cookie: SiteCookie, request: Request, env: Env, maxLength: number): Promise<Partial<Claims> | null> {
  const token = await cookie.read(request);
  if (typeof token !== "string" || token.length === 0 || token.length > maxLength) return null;
  return verifyJwt<Claims>(env, token);
}

/** The verified claims of this request's session cookie, or null; never throws. */
async function readSessionClaims(request: Request, env: Env): Promise<(SessionClaims & { exp: number; iat: number }) | null> {
  const claims = await readSignedCookie<SessionClaims>(sessionCookie, request, env, 4096);
  if (
    !claims ||
    !Number.isSafeInteger(Number(claims.sub)) ||
    typeof claims.ver !== "number" ||
    typeof claims.sid !== "string" ||
    typeof claims.exp !== "number" ||
    typeof claims.iat !== "number"
  ) {
    return null;
  }
  return claims as SessionClaims & { exp: number; iat: number };
}

/**
 * The signed-in staff member, or null. A missing, malformed, tampered, expired,
 * ended, idle or revoked session all read as "not signed in"; none of them throws.
 */
export async function getStaffUser(request: Request, env: Env): Promise<StaffUser | null> {
  const claims = await readSessionClaims(request, env);
  if (!claims) return null;
  const db = getDb(env);
  const now = Date.now();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      tokenVersion: users.tokenVersion,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, Number(claims.sub))))
    .limit(1);
  if (!row || row.tokenVersion !== claims.ver || row.lastSeenAt.getTime() <= now - SESSION_IDLE_MS) return null;

  const user: StaffUser = {
    id: row.id,
    email: row.email,
    role: row.role,
    sessionId: claims.sid,
    signedInAt: row.createdAt.getTime(),
    sessionExpiresAt: claims.exp * 1000,
  };
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), ip: clientIp(request) })
      .where(eq(sessions.id, claims.sid));
  }
  if (now / 1000 - claims.iat > RENEW_COOKIE_AFTER_SECONDS) {
    user.renewedCookie = await signSessionCookie(request, env, claims);
    user.sessionExpiresAt = (Math.floor(now / 1000) + SESSION_MAX_AGE_SECONDS) * 1000;
  }
  return user;
}

/**
 * Ends one of this account's sessions; false when it is not theirs or already over. Signing out of a device
 * also turns off its push notifications (docs/decisions/145), even when its session had already lapsed.
 */
export async function endSession(env: Env, userId: number, sessionId: string): Promise<boolean> {
  const db = getDb(env);
  const [deleted] = await db.batch([
    db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id }),
    db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.sessionId, sessionId), eq(pushSubscriptions.userId, userId))),
  ]);
  return deleted.length > 0;
}

/** This account's sessions that are still in use, most recently seen first. */
export function listSessions(env: Env, userId: number) {
  return getDb(env)
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS))))
    .orderBy(desc(sessions.lastSeenAt));
}

/**
 * Revokes every session of the account so far (sign out everywhere, a reset,
 * removal): a new token version, and the rows go, with every device's push
 * notifications. Returns the new version.
 */
export async function revokeStaffSessions(env: Env, userId: number): Promise<number> {
  const db = getDb(env);
  const [[row]] = await db.batch([
    db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ tokenVersion: users.tokenVersion }),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
  ]);
  if (!row) throw new Error("staff account not found");
  return row.tokenVersion;
}

export async function requireStaffUser(request: Request, env: Env, url: URL): Promise<StaffUser> {
  const user = await getStaffUser(request, env);
  if (!user) {
    const redirectTo = url.pathname + url.search;
    throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
  }
  return user;
}

import jwt from "@tsndr/cloudflare-worker-jwt";
import { eq, sql } from "drizzle-orm";
import { createCookie, redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { requireSessionSecret } from "./secret";

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 12;

interface SessionClaims {
  /** Expiry, seconds since the epoch (checked by jwt.verify). */
  exp?: number;
  /** users.id */
  sub: string;
  /** users.token_version at sign-in; a newer version in the database revokes this cookie. */
  ver: number;
}

export interface StaffUser {
  id: number;
  email: string;
  /** When this cookie's token stops being accepted (epoch ms). */
  sessionExpiresAt: number;
}

const sessionCookie = createCookie("staff_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: SESSION_MAX_AGE_SECONDS,
});

/** Secure everywhere except plain-http localhost, where browsers would drop the cookie. */
export function isSecureRequest(request: Request) {
  const url = new URL(request.url);
  const isLocalHttp =
    url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return !isLocalHttp;
}

export async function createSessionCookie(request: Request, env: Env, user: { id: number; tokenVersion: number }) {
  const now = Math.floor(Date.now() / 1000);
  const token = await jwt.sign<SessionClaims>(
    { sub: String(user.id), ver: user.tokenVersion, iat: now, exp: now + SESSION_MAX_AGE_SECONDS },
    requireSessionSecret(env),
    { algorithm: "HS256" },
  );
  return sessionCookie.serialize(token, { secure: isSecureRequest(request) });
}

export function destroySessionCookie(request: Request) {
  return sessionCookie.serialize("", { maxAge: 0, secure: isSecureRequest(request) });
}

/**
 * The signed-in staff member, or null. A missing, malformed, tampered, expired
 * or revoked cookie all read as "not signed in"; none of them throws.
 */
export async function getStaffUser(request: Request, env: Env): Promise<StaffUser | null> {
  let token: unknown;
  try {
    token = await sessionCookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  if (typeof token !== "string" || token.length === 0 || token.length > 4096) return null;

  let claims: SessionClaims | undefined;
  try {
    const verified = await jwt.verify<SessionClaims>(token, requireSessionSecret(env), { algorithm: "HS256" });
    claims = verified?.payload;
  } catch {
    return null;
  }
  const userId = Number(claims?.sub);
  if (!claims || !Number.isSafeInteger(userId) || typeof claims.ver !== "number" || typeof claims.exp !== "number") {
    return null;
  }

  const user = await getDb(env).query.users.findFirst({
    columns: { id: true, email: true, tokenVersion: true },
    where: eq(users.id, userId),
  });
  if (!user || user.tokenVersion !== claims.ver) return null;
  return { id: user.id, email: user.email, sessionExpiresAt: claims.exp * 1000 };
}

/**
 * Revokes every session cookie issued to this account so far (sign out
 * everywhere, password change) and returns the new token version.
 */
export async function revokeStaffSessions(env: Env, userId: number): Promise<number> {
  const [row] = await getDb(env)
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
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

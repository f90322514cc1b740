import { toBase64Url } from "~/core/base64";
import { signJwt } from "~/core/secret";
import { siteCookie } from "~/http/cookies.server";
import { readSignedCookie, startSession } from "./session.server";

// Device cookies (OWASP, "Slow down online guessing attacks with device
// cookies"; docs/decisions/055). A browser that signed in to an account keeps a
// signed token naming that account and a random nonce. Its sign-ins are then
// throttled by that nonce's own failures, not by the account's or the address's.

const DEVICE_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;
/** Keeps a device token from ever being read as a session token, and the reverse. */
const DEVICE_AUDIENCE = "staff-device";

interface DeviceClaims {
  aud: string;
  /** The account's e-mail, lower-cased: what the sign-in form asks for. */
  sub: string;
  /** The nonce the device's failures are counted under. */
  jti: string;
  iat: number;
  exp: number;
}

// The whole site, not `/login`: with JavaScript on, the sign-in form posts to
// `/login.data`, which a cookie scoped to `/login` never reaches (decision 055).
const deviceCookie = siteCookie("staff_device", { maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });

/** The cookie as it was first issued, scoped to `/login`: cleared, so it cannot shadow the current one there. */
const legacyDeviceCookie = siteCookie("staff_device", { path: "/login" });

/** Set-Cookie values: a fresh device cookie for the account that just signed in (a new nonce each time). */
async function issueDeviceCookie(request: Request, env: Env, email: string): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const claims: DeviceClaims = {
    aud: DEVICE_AUDIENCE,
    sub: email.toLowerCase(),
    jti: toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
    iat: now,
    exp: now + DEVICE_COOKIE_MAX_AGE_SECONDS,
  };
  const token = await signJwt(env, claims);
  return [await legacyDeviceCookie.clear(request), await deviceCookie.set(request, token)];
}

/**
 * The nonce of this browser's device cookie when it is valid and bound to this
 * account; null otherwise. A missing, tampered, expired or foreign cookie all
 * count as no cookie: such a browser is an unknown device.
 */
export async function knownDeviceNonce(request: Request, env: Env, email: string): Promise<string | null> {
  const claims = await readSignedCookie<DeviceClaims>(deviceCookie, request, env, 2048);
  if (
    !claims ||
    claims.aud !== DEVICE_AUDIENCE ||
    claims.sub !== email.toLowerCase() ||
    typeof claims.jti !== "string" ||
    !/^[A-Za-z0-9_-]{16,64}$/.test(claims.jti)
  ) {
    return null;
  }
  return claims.jti;
}

/**
 * What a sign-in that succeeded sets, by password or by passkey: the session, and a fresh device cookie that lets
 * this browser past a stranger's lockout next time.
 */
export async function signedInHeaders(request: Request, env: Env, user: { id: number; tokenVersion: number; email: string }): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, env, user));
  for (const cookie of await issueDeviceCookie(request, env, user.email)) headers.append("Set-Cookie", cookie);
  return headers;
}

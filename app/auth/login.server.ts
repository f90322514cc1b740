import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { clientKey, d1RateLimiter, retryAfterHeaders, waitFor, type RateLimitResult } from "~/http/rate-limit.server";
import { knownDeviceNonce } from "./device.server";
import { DECOY_PASSWORD_HASH, verifyPassword } from "./password";

const INVALID_CREDENTIALS = "Invalid email or password";
/** 5 failed tries within a 15-minute window, per known device, or per account and per IP for unknown devices. See docs/decisions/055. */
const LOGIN_TRIES = { limit: 5, windowMs: 15 * 60 * 1000 };

export type SignInAttempt =
  | { ok: true; user: { id: number; email: string; tokenVersion: number } }
  | { ok: false; status: 401 | 429; message: string; headers?: HeadersInit; account?: { id: number; email: string } };

/** The counters a password sign-in from this browser is throttled by. */
function loginThrottleKeys(request: Request, email: string, deviceNonce: string | null): string[] {
  // A known device answers only for its own failures: a stranger failing on the
  // account, or a colleague failing from the store's address, cannot pause it.
  if (deviceNonce) return [`login:device:${deviceNonce}`];
  // Unknown devices share the account's lockout, and the address slows them.
  // The address comes first: once a counter refuses, the limiter counts nothing
  // more for this request, so a blocked address trying one e-mail after another
  // adds no rows (docs/decisions/053).
  return [`login:ip:${clientKey(request)}`, `login:email:${email}`];
}

function pausedAnswer(refused: RateLimitResult[]): SignInAttempt {
  const longest = refused.reduce((a, b) => (a.retryAfterSeconds >= b.retryAfterSeconds ? a : b));
  return {
    ok: false,
    status: 429,
    message: `Too many failed sign-in attempts. For your security, sign-in is paused for ${waitFor(longest)}. Please try again then.`,
    headers: retryAfterHeaders(longest),
  };
}

/** Checks a password sign-in against the account and the throttle; the route sets the cookies. */
export async function attemptSignIn(
  request: Request,
  env: Env,
  credentials: { email: string; password: string },
): Promise<SignInAttempt> {
  const email = credentials.email.toLowerCase();
  const limiter = d1RateLimiter(env, LOGIN_TRIES);
  const keys = loginThrottleKeys(request, email, await knownDeviceNonce(request, env, email));

  // Every try is counted before the password is checked, in one atomic UPSERT
  // per counter, so a burst of parallel guesses cannot all slip in. A paused
  // counter refuses without counting, so trying during a pause never extends it.
  const tries = await Promise.all(keys.map((key) => limiter.attempt(key)));
  if (tries.some((result) => !result.allowed)) {
    // What this refused try counted elsewhere is given back: it was never checked.
    await Promise.all(keys.filter((_, i) => tries[i]!.allowed).map((key) => limiter.forgive(key)));
    return pausedAnswer(tries.filter((result) => !result.allowed));
  }

  const user = await getDb(env).query.users.findFirst({ where: eq(users.email, email) });
  // Verify against a decoy when the account is unknown, so both cases take the same time.
  const valid = await verifyPassword(credentials.password, user?.passwordHash ?? DECOY_PASSWORD_HASH);
  if (!user || !valid) {
    return { ok: false, status: 401, message: INVALID_CREDENTIALS, account: user ? { id: user.id, email: user.email } : undefined };
  }

  // The right password clears the account's (or this device's) failures. The
  // address only takes this try back: colleagues signing in from one address
  // never pause each other, but one success does not wipe a guesser's count.
  await Promise.all(keys.map((key) => (key.startsWith("login:ip:") ? limiter.forgive(key) : limiter.reset(key))));
  return { ok: true, user };
}

import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { clientIp, d1RateLimiter, retryAfterHeaders, waitFor } from "~/http/rate-limit.server";
import { DECOY_PASSWORD_HASH, verifyPassword } from "./password";

const INVALID_CREDENTIALS = "Invalid email or password";
/** 5 failed tries per e-mail or per IP within a 15-minute window. See docs/decisions/033. */
export const LOGIN_TRIES = { limit: 5, windowMs: 15 * 60 * 1000 };

export type SignInAttempt =
  | { ok: true; user: { id: number; tokenVersion: number } }
  | { ok: false; status: 401 | 429; message: string; headers?: HeadersInit };

/** Checks a password sign-in against the account and the throttle; the route sets the cookie. */
export async function attemptSignIn(
  request: Request,
  env: Env,
  credentials: { email: string; password: string },
): Promise<SignInAttempt> {
  const email = credentials.email.toLowerCase();
  const limiter = d1RateLimiter(env, LOGIN_TRIES);
  const emailKey = `login:email:${email}`;
  const ipKey = `login:ip:${clientIp(request)}`;

  // The e-mail's try is counted before the password is checked, so a burst of
  // parallel guesses cannot all slip in; a success clears it again. The IP only
  // counts failures, so colleagues signing in from the store are never locked out.
  const [ipCheck, emailHit] = await Promise.all([limiter.check(ipKey), limiter.hit(emailKey)]);
  const blocked = [ipCheck, emailHit].filter((result) => !result.allowed);
  if (blocked.length > 0) {
    const longest = blocked.reduce((a, b) => (a.retryAfterSeconds >= b.retryAfterSeconds ? a : b));
    return {
      ok: false,
      status: 429,
      message: `Too many failed sign-in attempts. For your security, sign-in is paused for ${waitFor(longest)}. Please try again then.`,
      headers: retryAfterHeaders(longest),
    };
  }

  const user = await getDb(env).query.users.findFirst({ where: eq(users.email, email) });
  // Verify against a decoy when the account is unknown, so both cases take the same time.
  const valid = await verifyPassword(credentials.password, user?.passwordHash ?? DECOY_PASSWORD_HASH);
  if (!user || !valid) {
    await limiter.hit(ipKey);
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }
  await limiter.reset(emailKey);
  return { ok: true, user };
}

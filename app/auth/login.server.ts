import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { checkHoneypot } from "~/http/honeypot.server";
import { DECOY_PASSWORD_HASH, verifyPassword } from "~/auth/password";
import { clientIp, d1RateLimiter, type RateLimitResult } from "~/http/rate-limit.server";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { createSessionCookie } from "~/auth/session.server";

const INVALID_CREDENTIALS = "Invalid email or password";
/** 5 failed tries per e-mail or per IP within a 15-minute window. See docs/decisions/033. */
export const LOGIN_TRIES = { limit: 5, windowMs: 15 * 60 * 1000 };

type LoginSchema = z.ZodType<{ email: string; password: string; redirectTo?: string | undefined }>;

function throttledMessage(result: RateLimitResult) {
  const minutes = Math.ceil(result.retryAfterSeconds / 60);
  return `Too many failed sign-in attempts. For your security, sign-in is paused for ${minutes} minute${minutes === 1 ? "" : "s"}. Please try again then.`;
}

export async function signIn(request: Request, context: Readonly<RouterContextProvider>, schema: LoginSchema) {
  const { env } = getCloudflare(context);
  const formData = await request.formData();
  checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }

  const { email, password, redirectTo } = submission.value;
  const normalizedEmail = email.toLowerCase();
  const limiter = d1RateLimiter(env, LOGIN_TRIES);
  const emailKey = `login:email:${normalizedEmail}`;
  const ipKey = `login:ip:${clientIp(request)}`;

  // The e-mail's try is counted before the password is checked, so a burst of
  // parallel guesses cannot all slip in; a success clears it again. The IP only
  // counts failures, so colleagues signing in from the store are never locked out.
  const [ipCheck, emailHit] = await Promise.all([limiter.check(ipKey), limiter.hit(emailKey)]);
  const blocked = [ipCheck, emailHit].filter((result) => !result.allowed);
  if (blocked.length > 0) {
    const longest = blocked.reduce((a, b) => (a.retryAfterSeconds >= b.retryAfterSeconds ? a : b));
    return data(
      { result: submission.reply({ formErrors: [throttledMessage(longest)], hideFields: ["password"] }) },
      { status: 429, headers: { "Retry-After": String(longest.retryAfterSeconds) } },
    );
  }

  const user = await getDb(env).query.users.findFirst({ where: eq(users.email, normalizedEmail) });
  // Verify against a decoy when the account is unknown, so both cases take the same time.
  const valid = await verifyPassword(password, user?.passwordHash ?? DECOY_PASSWORD_HASH);
  if (!user || !valid) {
    await limiter.hit(ipKey);
    return data(
      { result: submission.reply({ formErrors: [INVALID_CREDENTIALS], hideFields: ["password"] }) },
      { status: 401 },
    );
  }

  await limiter.reset(emailKey);
  return redirect(safeRedirectPath(redirectTo), {
    headers: { "Set-Cookie": await createSessionCookie(request, env, user) },
  });
}

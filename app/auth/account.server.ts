import { parseWithZod } from "@conform-to/zod/v4";
import { eq, sql } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { checkHoneypot } from "~/http/honeypot.server";
import { DASHBOARD_ROOM_NAME } from "~/live/events";
import { hashPassword, verifyPassword } from "~/auth/password";
import { d1RateLimiter } from "~/http/rate-limit.server";
import { createSessionCookie, destroySessionCookie, revokeStaffSessions } from "~/auth/session.server";
import { staffUserContext } from "~/auth/guard.server";
import { redirectWithToast } from "~/http/toast.server";

type PasswordSchema = z.ZodType<{ currentPassword: string; newPassword: string; confirmPassword: string }>;

const WRONG_CURRENT_PASSWORD = "That is not your current password.";
/** A stolen session must not become a way to guess the password: same limit as the login. */
const PASSWORD_TRIES = { limit: 5, windowMs: 15 * 60 * 1000 };

/** Closes this account's open dashboards' live connections; they were signed out. Never throws. */
async function disconnectLiveDashboards(env: Env, userId: number) {
  try {
    const room = await getServerByName(env.DashboardRoom, DASHBOARD_ROOM_NAME);
    await room.disconnectStaff(userId);
  } catch (error) {
    console.error("could not close live connections", error);
  }
}

export async function handleAccountAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  passwordSchema: PasswordSchema,
) {
  const { env, ctx } = getCloudflare(context);
  const user = context.get(staffUserContext);
  const formData = await request.formData();
  checkHoneypot(formData);
  const db = getDb(env);

  if (formData.get("intent") === "sign-out-everywhere") {
    await revokeStaffSessions(env, user.id);
    ctx.waitUntil(disconnectLiveDashboards(env, user.id));
    return redirectWithToast(
      "/login",
      { type: "success", message: "You are signed out on every device." },
      { headers: { "Set-Cookie": await destroySessionCookie(request) } },
    );
  }

  const submission = parseWithZod(formData, { schema: passwordSchema });
  const hidden = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
  if (submission.status !== "success") {
    return data({ intent: "change-password", result: submission.reply(hidden) }, { status: 400 });
  }

  const limiter = d1RateLimiter(env, PASSWORD_TRIES);
  const key = `password-change:user:${user.id}`;
  const throttled = await limiter.check(key);
  if (!throttled.allowed) {
    const minutes = Math.ceil(throttled.retryAfterSeconds / 60);
    return data(
      {
        intent: "change-password",
        result: submission.reply({
          ...hidden,
          formErrors: [`Too many wrong passwords. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`],
        }),
      },
      { status: 429, headers: { "Retry-After": String(throttled.retryAfterSeconds) } },
    );
  }

  const { currentPassword, newPassword } = submission.value;
  const account = await db.query.users.findFirst({ where: eq(users.id, user.id) });
  if (!account || !(await verifyPassword(currentPassword, account.passwordHash))) {
    await limiter.hit(key);
    return data(
      {
        intent: "change-password",
        result: submission.reply({ ...hidden, fieldErrors: { currentPassword: [WRONG_CURRENT_PASSWORD] } }),
      },
      { status: 400 },
    );
  }

  // New hash and a new token version in one statement: every older cookie stops working at once.
  const [updated] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, user.id))
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  if (!updated) throw new Error("staff account vanished during a password change");
  await limiter.reset(key);
  ctx.waitUntil(disconnectLiveDashboards(env, user.id));

  // This device stays signed in with a fresh cookie; every other one is signed out.
  return redirectWithToast(
    "/dashboard/account",
    { type: "success", message: "Password changed. Other devices have been signed out." },
    { headers: { "Set-Cookie": await createSessionCookie(request, env, updated) } },
  );
}

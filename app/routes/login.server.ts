import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { getCloudflare } from "~/lib/cloudflare";
import { DECOY_PASSWORD_HASH, verifyPassword } from "~/lib/password";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { createSessionCookie } from "~/lib/session.server";

const INVALID_CREDENTIALS = "Invalid email or password";

type LoginSchema = z.ZodType<{ email: string; password: string; redirectTo?: string | undefined }>;

export async function signIn(request: Request, context: Readonly<RouterContextProvider>, schema: LoginSchema) {
  const { env } = getCloudflare(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }

  const { email, password, redirectTo } = submission.value;
  const user = await getDb(env).query.users.findFirst({
    where: eq(users.email, email.toLowerCase()),
  });
  // Verify against a decoy when the account is unknown, so both cases take the same time.
  const valid = await verifyPassword(password, user?.passwordHash ?? DECOY_PASSWORD_HASH);
  if (!user || !valid) {
    return data(
      { result: submission.reply({ formErrors: [INVALID_CREDENTIALS], hideFields: ["password"] }) },
      { status: 401 },
    );
  }

  return redirect(safeRedirectPath(redirectTo), {
    headers: { "Set-Cookie": await createSessionCookie(request, env, user) },
  });
}

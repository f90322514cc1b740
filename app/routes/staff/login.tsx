import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { PasskeySignIn } from "~/components/account/passkeys";
import { Field, FormErrors, HoneypotField } from "~/components/ui/forms";
import { store } from "~/config/store";
import { getCloudflare } from "~/http/request-context";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { signedInHeaders } from "~/auth/device.server";
import { attemptSignIn } from "~/auth/login.server";
import { recordAudit, recordFailedSignIn } from "~/audit/log.server";
import { LoginSchema } from "~/auth/rules";
import { getStaffUser } from "~/auth/session.server";
import { parseForm } from "~/http/form.server";
import { passRetryAfter } from "~/http/rate-limit.server";
import { NO_ANALYTICS } from "~/http/page-analytics";
import { STAFF_STYLES } from "~/http/page-styles";

export function meta() {
  return [{ title: `Staff sign-in | ${store.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

/** A throttled try answers 429 with Retry-After. */
export const headers = passRetryAfter;

// The sign-in page works as the server's HTML (the password form posts); its scripts load at the clerk's
// first interaction, as the public forms' do (docs/decisions/076, 138). A staff page loads no analytics (099).
export const handle = { hydrate: "on-intent", ...STAFF_STYLES, ...NO_ANALYTICS } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  if (await getStaffUser(request, env)) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const submission = parseForm(await request.formData(), LoginSchema);
  const hidden = { hideFields: ["password"] };
  if (submission.status !== "success") return data({ result: submission.reply(hidden) }, { status: 400 });

  const attempt = await attemptSignIn(request, env, submission.value);
  if (!attempt.ok) {
    // A paused try was never checked: it is not recorded (docs/decisions/089).
    if (attempt.status === 401) {
      await recordFailedSignIn(env, request, { account: attempt.account ?? null, method: "password", reason: "wrong e-mail or password" });
    }
    return data(
      { result: submission.reply({ ...hidden, formErrors: [attempt.message] }) },
      { status: attempt.status, headers: attempt.headers },
    );
  }
  await recordAudit(env, request, attempt.user, "sign-in", { details: { method: "password" } });
  return redirect(safeRedirectPath(submission.value.redirectTo), { headers: await signedInHeaders(request, env, attempt.user) });
}

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(LoginSchema),
    // Not on blur: an error appearing above the button as focus leaves a field
    // moves the button away mid-click, and the click is lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });

  return (
    <main className="login-page">
      <div className="login-card">
        <p className="login-card__store">{store.name}</p>
        <h1>Staff sign-in</h1>
        <Form method="post" {...getFormProps(form)} aria-label="Sign in with your password">
          <HoneypotField />
          <input type="hidden" name="redirectTo" value={safeRedirectPath(searchParams.get("redirectTo"))} />
          <FormErrors errors={form.errors} />
          <Field
            label="E-mail"
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "username" }}
          />
          <Field
            label="Password"
            errors={fields.password.errors}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          />
          <button type="submit" className="button button--primary button--block" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Signing in…" : "Login"}
          </button>
        </Form>
        <p className="login-card__or">or</p>
        <PasskeySignIn redirectTo={safeRedirectPath(searchParams.get("redirectTo"))} />
      </div>
    </main>
  );
}

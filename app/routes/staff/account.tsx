import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account";
import { Field, FormErrors, HoneypotField } from "~/components/ui/forms";
import { MIN_PASSWORD_LENGTH } from "~/auth/password";
import { staffUserContext } from "~/auth/guard.server";
import { handleAccountAction } from "~/auth/account.server";

const PasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Please enter your current password." }).max(1024, "That password is too long."),
    newPassword: z
      .string({ error: "Please choose a new password." })
      .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(1024, "Use at most 1,024 characters."),
    confirmPassword: z.string({ error: "Please type the new password again." }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two new passwords do not match.",
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one.",
  });

export function meta() {
  return [{ title: "Account | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

/** A throttled try answers 429 with Retry-After; React Router passes an action's headers on only through here. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export function loader({ context }: Route.LoaderArgs) {
  return { email: context.get(staffUserContext).email };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleAccountAction(request, context, PasswordSchema);
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.intent === "change-password" ? actionData.result : undefined,
    constraint: getZodConstraint(PasswordSchema),
    // Not on blur: an error appearing above the button as focus leaves a field
    // moves the button away mid-click, and the click is lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordSchema }),
  });

  return (
    <main className="staff-page container account">
      <h1>Your account</h1>
      <p className="muted">Signed in as {loaderData.email}.</p>

      <div className="account__grid">
        <section className="card" aria-labelledby="password-title">
          <h2 id="password-title">Change password</h2>
          <p className="muted">Changing it signs you out on every other device.</p>
          <Form method="post" {...getFormProps(form)}>
            <HoneypotField />
            <input type="hidden" name="intent" value="change-password" />
            {/* A username field lets password managers save the new password against the right account. */}
            <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
            <FormErrors errors={form.errors} />
            <Field
              label="Current password"
              errors={fields.currentPassword.errors}
              inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
            />
            <Field
              label="New password"
              hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.`}
              errors={fields.newPassword.errors}
              inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
            />
            <Field
              label="New password again"
              errors={fields.confirmPassword.errors}
              inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
            />
            <button type="submit" className="button button--primary" disabled={busyIntent === "change-password"}>
              {busyIntent === "change-password" ? "Changing…" : "Change password"}
            </button>
          </Form>
        </section>

        <section className="card" aria-labelledby="sessions-title">
          <h2 id="sessions-title">Sign out everywhere</h2>
          <p className="muted">
            Signs this account out on every phone and computer, including this one. Use it if a device was lost or
            someone else may know your password.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out-everywhere" />
            <button type="submit" className="button button--secondary" disabled={busyIntent === "sign-out-everywhere"}>
              Sign out everywhere
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}

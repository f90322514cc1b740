import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/invite";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { FormErrors, HoneypotField } from "~/components/ui/forms";
import { store } from "~/config/store";
import { SetPasswordSchema } from "~/auth/rules";
import { recordAudit } from "~/audit/log.server";
import { findPasswordLink, redeemPasswordLink } from "~/auth/staff.server";
import { parseForm } from "~/http/form.server";
import { getCloudflare } from "~/http/request-context";
import { NO_ANALYTICS } from "~/http/page-analytics";
import { STAFF_STYLES } from "~/http/page-styles";
import { redirectWithToast } from "~/http/toast.server";

// Where an invitation or password-reset link lands. Opening it changes nothing;
// posting a password uses it, once (docs/decisions/058).

// A staff page without scripts: the staff stylesheet (docs/decisions/081), and no analytics,
// as its address is the invitation's secret (099).
export const handle = { ...STAFF_STYLES, ...NO_ANALYTICS };

export function meta() {
  return [{ title: `Set your password | ${store.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const link = await findPasswordLink(env, params.token);
  if (!link) return data({ link: null }, { status: 410 });
  return { link };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const submission = parseForm(await request.formData(), SetPasswordSchema);
  const hidden = { hideFields: ["newPassword", "confirmPassword"] };
  if (submission.status !== "success") return data({ result: submission.reply(hidden) }, { status: 400 });
  const used = await redeemPasswordLink(env, params.token, submission.value.newPassword);
  if (!used.ok) return data({ result: submission.reply({ ...hidden, formErrors: [used.message] }) }, { status: 410 });
  await recordAudit(env, request, { id: used.userId, email: used.email }, "password-set", { details: { link: used.kind } });
  return redirectWithToast(context, "/login", { type: "success", message: `Password set for ${used.email}. Sign in with it now.` });
}

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(SetPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SetPasswordSchema }),
  });
  const link = loaderData.link;

  return (
    <main className="login-page">
      <div className="login-card">
        <p className="login-card__store">{store.name}</p>
        <h1>{link?.kind === "reset" ? "Set a new password" : "Set your password"}</h1>
        {link ? (
          <Form method="post" {...getFormProps(form)}>
            <p>For {link.email}.</p>
            <HoneypotField />
            {/* Lets password managers save the new password against the right account. */}
            <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
            <FormErrors errors={form.errors} />
            <NewPasswordFields fields={fields} />
            <button type="submit" className="button button--primary button--block" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Saving…" : "Set password"}
            </button>
          </Form>
        ) : (
          <>
            {/* Why this post was refused (e.g. the account exists already), when the link is gone because of it. */}
            <FormErrors errors={form.errors} />
            <p>This link has expired or was already used. Ask the store's owner for a new one.</p>
            <p>
              <a href="/login">Go to the sign-in page</a>
            </p>
          </>
        )}
      </div>
    </main>
  );
}

import { redirect } from "react-router";
import type { Route } from "./+types/passkeys";
import { auditStaffAction } from "~/audit/log.server";
import { confirmRecentSignIn } from "~/auth/account.server";
import { staffUserContext } from "~/auth/guard.server";
import { addPasskey, passkeyRegistrationOptions } from "~/auth/passkeys.server";
import { getCloudflare } from "~/http/request-context";

// Adding a passkey, called by the account page's script (it needs JavaScript):
// "options" gives a challenge for this account, "register" verifies and stores it.
// Removing one is a plain form on the account page.
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const user = context.get(staffUserContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "options") {
    // Only after the password, or a sign-in in the last 5 minutes: the challenge below is what lets a passkey be added.
    const confirmed = await confirmRecentSignIn(env, user, formData.get("currentPassword"));
    if (!confirmed.ok) return Response.json({ error: confirmed.message, needsPassword: true }, { status: confirmed.status, headers: confirmed.headers });
    return Response.json(await passkeyRegistrationOptions(request, env, user));
  }
  if (intent !== "register") return Response.json({ error: "Unknown request." }, { status: 400 });

  const result = await addPasskey(request, env, user, formData.get("response"));
  if (!result.ok) return Response.json({ error: result.message }, { status: result.status });
  await auditStaffAction(context, request, "passkey-added", { target: result.value.name });
  return Response.json({ added: result.value.name });
}

/** Nothing to show: a GET goes to the account page. */
export function loader() {
  return redirect("/dashboard/account");
}

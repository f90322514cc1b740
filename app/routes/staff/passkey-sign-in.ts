import { redirect } from "react-router";
import type { Route } from "./+types/passkey-sign-in";
import { recordAudit, recordFailedSignIn } from "~/audit/log.server";
import { signedInHeaders } from "~/auth/device.server";
import { passkeySignInOptions, verifyPasskeySignIn } from "~/auth/passkeys.server";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { getCloudflare } from "~/http/request-context";

// Passkey sign-in, called by the login page's script (it needs JavaScript):
// "options" gives a challenge, "verify" checks the signed answer and signs in.
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "options") {
    const options = await passkeySignInOptions(request, env);
    return options.ok ? Response.json(options.value) : Response.json({ error: options.message }, { status: options.status, headers: options.headers });
  }
  if (intent !== "verify") return Response.json({ error: "Unknown request." }, { status: 400 });

  const result = await verifyPasskeySignIn(request, env, formData.get("response"));
  if (!result.ok) {
    // A paused try was never checked: it is not recorded (docs/decisions/089).
    if (result.status === 400) await recordFailedSignIn(env, request, { account: null, method: "passkey", reason: "not verified" });
    return Response.json({ error: result.message }, { status: result.status });
  }
  await recordAudit(env, request, result.value, "sign-in", { details: { method: "passkey" } });
  return Response.json({ redirectTo: safeRedirectPath(formData.get("redirectTo")) }, { headers: await signedInHeaders(request, env, result.value) });
}

/** Nothing to show: a GET goes to the sign-in page. */
export function loader() {
  return redirect("/login");
}

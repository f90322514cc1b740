import { redirect } from "react-router";
import type { Route } from "./+types/push-devices";
import { staffUserContext } from "~/auth/guard.server";
import { describeDevice } from "~/auth/device-label";
import { parseForm } from "~/http/form.server";
import { retryAfterHeaders, waitFor } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { pushKeys, removePushDevice, subscribePushDevice } from "~/messaging/push.server";
import { PushSubscribeSchema } from "~/messaging/push-rules";

// Turning push notifications on and off for this browser, called by the account page's script (a push
// subscription needs JavaScript). Answers JSON; the Worker's guards already checked the Origin and the form.
// Choosing a device's lists, and turning off another device, are plain forms on the account page.
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const user = context.get(staffUserContext);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "unsubscribe") {
    const endpoint = formData.get("endpoint");
    const removed = typeof endpoint === "string" && (await removePushDevice(env, user.id, { endpoint }));
    return Response.json({ removed });
  }
  if (intent !== "subscribe") return Response.json({ error: "Unknown request." }, { status: 400 });
  if (!pushKeys(env)) return Response.json({ error: "Push notifications are not set up for this store." }, { status: 409 });

  const submission = parseForm(formData, PushSubscribeSchema);
  if (submission.status !== "success") {
    return Response.json({ error: "This device could not be turned on.", fieldErrors: submission.error ?? {} }, { status: 400 });
  }
  const saved = await subscribePushDevice(env, user, describeDevice(request.headers.get("User-Agent") ?? ""), submission.value);
  if (!saved.ok) {
    return Response.json(
      { error: `Too many tries. Please wait ${waitFor(saved.limit)} and turn notifications on again.` },
      { status: 429, headers: retryAfterHeaders(saved.limit) },
    );
  }
  return Response.json({ subscribed: true });
}

/** Nothing to show: a GET goes to the account page. */
export function loader() {
  return redirect("/dashboard/account");
}

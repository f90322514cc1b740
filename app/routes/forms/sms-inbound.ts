import type { Route } from "./+types/sms-inbound";
import { getCloudflare } from "~/http/request-context";
import { receiveText } from "~/messaging/sms-inbound.server";

/** POST /sms/inbound: Twilio's Messaging webhook (a form post signed with X-Twilio-Signature). */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  return receiveText(request, env, ctx);
}

import type { Route } from "./+types/sms-status";
import { getCloudflare } from "~/http/request-context";
import { receiveDeliveryReport } from "~/messaging/sms-delivery.server";

/** POST /sms/status: Twilio's status callback for each text the site sent (signed with X-Twilio-Signature). */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  return receiveDeliveryReport(request, env, ctx);
}

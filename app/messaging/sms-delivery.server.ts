import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { announceLeadChange } from "../../party/client.server";
import { settledOutcome } from "./sms-delivery";
import { signedTwilioForm, TWILIO_MESSAGE_SID, webhookAnswer } from "./twilio.server";

// Twilio's status callbacks for the texts the outbox sent (docs/decisions/082).
// Each text names this path as its StatusCallback; Twilio posts every step
// (queued, sent, …) and then the outcome. Only a request Twilio signed is read,
// and a text's first outcome is kept: a repeated or late report changes nothing.

/** Twilio's status words are short lowercase words; anything else is not a report. */
const MESSAGE_STATUS = /^[a-z_]{1,20}$/;

export async function receiveDeliveryReport(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const params = await signedTwilioForm(request, env.TWILIO_AUTH_TOKEN);
  if (!params) return webhookAnswer(403, "Forbidden");
  const messageSid = params.get("MessageSid");
  const messageStatus = params.get("MessageStatus");
  if (!messageSid || !TWILIO_MESSAGE_SID.test(messageSid) || !messageStatus || !MESSAGE_STATUS.test(messageStatus)) {
    return webhookAnswer(400, "Bad request: MessageSid and MessageStatus are required.");
  }
  const outcome = settledOutcome(messageStatus);
  if (!outcome) return webhookAnswer(200, "");

  const errorCode = Number(params.get("ErrorCode"));
  const changed = await getDb(env)
    .update(outbox)
    .set({ delivery: outcome, deliveryErrorCode: outcome === "undelivered" && Number.isSafeInteger(errorCode) && errorCode > 0 ? errorCode : null })
    .where(and(eq(outbox.providerId, messageSid), eq(outbox.channel, "sms"), isNull(outbox.delivery)))
    .returning({ leadKind: outbox.leadKind, recordId: outbox.recordId });
  // An open record page shows the outcome at once.
  for (const row of changed) if (row.leadKind) ctx.waitUntil(announceLeadChange(env, row.leadKind, row.recordId));
  return webhookAnswer(200, "");
}

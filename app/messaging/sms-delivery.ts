import type { SmsDeliveryOutcome } from "~/db/schema";

// What became of a sent text, as Twilio's status callbacks report it
// (docs/decisions/082), in words staff can act on: a landline needs a call.

/** Twilio's delivery error codes (twilio.com/docs/api/errors), as the record page says them. */
const REASONS: Record<number, string> = {
  30003: "the phone was off or out of reach",
  30004: "the number blocks texts",
  30005: "the number does not exist",
  30006: "a landline, or a number that cannot get texts",
  30007: "the carrier filtered it as spam",
  30008: "the carrier did not say why",
};

/** The outcome a MessageStatus settles, or null for a step on the way (queued, sending, sent, …). */
export function settledOutcome(messageStatus: string): SmsDeliveryOutcome | null {
  if (messageStatus === "delivered" || messageStatus === "read") return "delivered";
  if (messageStatus === "undelivered" || messageStatus === "failed") return "undelivered";
  return null;
}

/** A sent text's line on the record page: "Sent" until the carrier reports. */
export function sentTextNote(delivery: SmsDeliveryOutcome | null, errorCode: number | null): string {
  if (delivery === "delivered") return "Delivered";
  if (delivery !== "undelivered") return "Sent";
  const reason = errorCode === null ? undefined : (REASONS[errorCode] ?? `Twilio error ${errorCode}`);
  return `Not delivered: ${reason ?? "the carrier did not say why"}`;
}

// Every kind of message the outbox carries, by e-mail or text. The outbox
// stores the kind with each row; this says who reads it, whether the site
// sends it on its own (and so counts it against the automated daily limits),
// and how a record's history names it. Plain data: the staff pages read it too.
import { messaging } from "~/config/messaging";
import type { SendingHours } from "~/core/reminders";

export type Channel = "email" | "sms";

interface MessageKindInfo {
  audience: "staff" | "visitor";
  /** Sent by the site itself, not by a person: counted against the per-recipient daily limits. */
  automated: boolean;
  /** How a record's history names it. */
  label: string;
  /**
   * The answer to a HELP or STOP keyword: sent to anyone who texts it (CTIA), consent
   * or not, opted out or not, past the daily limits, once per number per day.
   */
  answersKeyword?: true;
  /**
   * The consent a text of this kind needs (app/messaging/text-permission.server.ts); without one,
   * the consent to texts given with the record it is about. A promotion needs the number's
   * promotional consent, confirmed by its YES; the text that asks for that YES, the request made
   * with its record; a repair's "ready" text the consent given at the counter for it, which
   * allows nothing else; its estimate text the counter consent that names estimates (decision 141). "visit":
   * the consent to texts about the visit given with its record, a booking's or a repair's counter consent.
   */
  consent?: "promotional" | "promotional-request" | "repair-ready" | "repair-updates" | "visit" | "reply";
  /** Held until the quiet hours end (app/core/reminders.ts): the one quiet-hour rule of the outbox (decision 136). */
  heldInQuietHours?: true;
  /** Sent only within these store hours (which lie outside the quiet hours), held until they start again (decision 146). */
  sendingHours?: SendingHours;
  /** At most one of this kind to a number within this many milliseconds (counted when sent). */
  oncePerRecipientWithinMs?: number;
}

const MESSAGE_KINDS = {
  // A new lead's staff notification; its kind is the lead's kind (as stored before migration 0006).
  appointment: { audience: "staff", automated: false, label: "Staff notification" },
  order: { audience: "staff", automated: false, label: "Staff notification" },
  contact: { audience: "staff", automated: false, label: "Staff notification" },
  "appointment-changed": { audience: "staff", automated: false, label: "Staff notification" },
  "booking-confirmation": { audience: "visitor", automated: true, label: "Booking confirmation" },
  "reschedule-confirmation": { audience: "visitor", automated: true, label: "New time confirmation" },
  "cancellation-confirmation": { audience: "visitor", automated: true, label: "Cancellation confirmation" },
  reminder: { audience: "visitor", automated: true, label: "Reminder", heldInQuietHours: true },
  // The owner asks a visitor to choose another time: the hours no longer allow theirs (decision 139).
  "move-request": { audience: "visitor", automated: false, label: "Request to choose a new time", heldInQuietHours: true },
  "request-received": { audience: "visitor", automated: true, label: "“We received your request”" },
  "help-reply": { audience: "visitor", automated: true, label: "Reply to HELP", answersKeyword: true },
  "stop-reply": { audience: "visitor", automated: true, label: "Reply to STOP", answersKeyword: true },
  "staff-text": { audience: "visitor", automated: false, label: "Text from staff", heldInQuietHours: true },
  // A clerk's text from a repair's page (decision 144): its record_id is the repair's, its lead_kind null, and it
  // needs the counter consent "about this repair" (decision 141's words).
  "repair-text": { audience: "visitor", automated: false, label: "Text from staff", consent: "repair-updates", heldInQuietHours: true },
  // A clerk's answer from the Texts list to a number with no record (decision 144): its record_id is the received
  // text's (sms_inbound), its lead_kind null; it relies on the number having texted the store, not on a form.
  "text-reply": { audience: "visitor", automated: false, label: "Text from staff", consent: "reply", heldInQuietHours: true },
  // A repair set Ready for pickup (app/repairs/); its record_id is the repair's, its lead_kind null.
  "repair-ready": { audience: "visitor", automated: true, label: "Repair ready for pickup", consent: "repair-ready", heldInQuietHours: true },
  // A repair set Waiting for approval: the estimate, with a link to /repair (decision 141).
  "repair-estimate": { audience: "visitor", automated: true, label: "Estimate to approve", consent: "repair-updates", heldInQuietHours: true },
  // The request for a Google review the day after a visit ended (decision 146); a repair's has no lead_kind.
  "review-request": {
    audience: "visitor",
    automated: true,
    label: "Review request",
    consent: "visit",
    sendingHours: { startHour: messaging.reviewRequest.startHour, endHour: messaging.reviewRequest.endHour },
  },
  promotion: { audience: "visitor", automated: false, label: "Promotion", consent: "promotional", heldInQuietHours: true },
  // The double opt-in for promotions (decision 135): asks the number to reply YES, then confirms the YES.
  "promo-confirmation": {
    audience: "visitor",
    automated: true,
    label: "Request to confirm offers",
    consent: "promotional-request",
    heldInQuietHours: true,
    oncePerRecipientWithinMs: 7 * 24 * 60 * 60 * 1000,
  },
  "promo-welcome": { audience: "visitor", automated: true, label: "Welcome to offers", consent: "promotional" },
  // The owner's staff list: a link to set a password (app/auth/staff.server.ts).
  "staff-invite": { audience: "staff", automated: false, label: "Staff invitation" },
  "staff-reset": { audience: "staff", automated: false, label: "Password reset link" },
} as const satisfies Record<string, MessageKindInfo>;

export type MessageKind = keyof typeof MESSAGE_KINDS;

export function messageKindInfo(kind: string): MessageKindInfo | null {
  return kind in MESSAGE_KINDS ? MESSAGE_KINDS[kind as MessageKind] : null;
}

/** The kinds the site sends on its own, for the daily-limit count in SQL. */
export const AUTOMATED_KINDS = (Object.keys(MESSAGE_KINDS) as MessageKind[]).filter((kind) => MESSAGE_KINDS[kind].automated);
/** The texts a clerk writes, from any record: a record's conversation shows them (app/messaging/customer-texts.server.ts). */
export const CLERK_TEXT_KINDS = ["staff-text", "repair-text", "text-reply"] as const satisfies MessageKind[];
export const STAFF_KINDS = (Object.keys(MESSAGE_KINDS) as MessageKind[]).filter(
  (kind) => MESSAGE_KINDS[kind].audience === "staff",
);

import { store } from "~/config/store";
import type { ConsentPurpose } from "~/db/schema";

// The exact words a visitor agrees to. When they change, bump the version:
// each stored consent record keeps its purpose, the version and the full text it showed.
// Two consents, never bundled: texts about this message or visit (the one a form may
// require), and promotions (always optional, never a condition of anything).

export const SMS_CONSENT_VERSION = "2026-11-26";

export const SMS_CONSENT_TEXT =
  `I agree to receive text messages from ${store.name} about this request only: replies to my message, ` +
  `appointment reminders and confirmations, and order status updates, at the phone number above. ` +
  `Up to 10 messages a week. Message and data rates may apply. Reply STOP to opt out and HELP for help. ` +
  `Consent is not a condition of purchase. See our SMS Terms and Privacy Policy.`;

export const PROMO_CONSENT_VERSION = "2026-11-26";

export const PROMO_CONSENT_TEXT =
  `Also text me occasional offers and promotions from ${store.name} at the phone number above. ` +
  `Up to 4 messages a month. Message and data rates may apply. Reply STOP to opt out. ` +
  `Optional: consent is not a condition of purchase.`;

/**
 * The words a clerk reads to a caller before ticking the text box of a booking made by phone
 * (the appointment's own texts only, as on /book); the record keeps them, the clerk and the time.
 */
export const PHONE_BOOKING_CONSENT = {
  version: "2026-12-phone-booking",
  text:
    `The customer agrees to receive text messages from ${store.name} about this appointment only: ` +
    `a confirmation, a reminder and any change, at the phone number above. Message and data rates may apply. ` +
    `Reply STOP to opt out and HELP for help. Consent is not a condition of the appointment.`,
} as const;

/** A consent a visitor gives on a form (a repair's is given at the counter: app/repairs/rules.ts). */
export type FormConsentPurpose = Exclude<ConsentPurpose, "repair-ready" | "repair-updates">;

/** The words and version stored with each kind of consent a form asks for. */
export const CONSENTS: Record<FormConsentPurpose, { version: string; text: string }> = {
  transactional: { version: SMS_CONSENT_VERSION, text: SMS_CONSENT_TEXT },
  promotional: { version: PROMO_CONSENT_VERSION, text: PROMO_CONSENT_TEXT },
};

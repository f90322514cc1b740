import { store } from "~/config/store";

// The exact words a visitor agrees to. When they change, bump the version:
// each stored consent record keeps the version and the full text it showed.
export const SMS_CONSENT_VERSION = "2026-11-01";

export const SMS_CONSENT_TEXT =
  `I agree to receive text messages from ${store.name} about my inquiry, appointment reminders, ` +
  `order status updates, billing questions and occasional promotions at the phone number above. ` +
  `Up to 10 messages a week. Message and data rates may apply. Reply STOP to opt out and HELP for help. ` +
  `Consent is not a condition of purchase. See our SMS Terms and Privacy Policy.`;

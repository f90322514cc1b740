import { z } from "zod";
import { emailField, messageField, nameField, phoneField } from "./fields";

// The contact form's rules, run by the browser for instant feedback and by the server.

export const ContactSchema = z.object({
  name: nameField,
  phone: phoneField,
  email: emailField,
  message: messageField,
  /** Required: texts about this message only (SMS_CONSENT_TEXT). */
  smsConsent: z.literal("on", { error: "Please agree to texts about this message so we can reply." }),
  /** Optional and unticked by default: promotions too (PROMO_CONSENT_TEXT), never a condition of sending. */
  promoConsent: z.literal("on", { error: "Tick the box to get offers by text, or leave it empty." }).optional(),
});

export type ContactRequest = z.output<typeof ContactSchema>;

export const CONTACT_MESSAGES = {
  success: "Thank you for your message. We'll call you within one business day.",
  failure: "Failed to send message. Please try again.",
} as const;

import { z } from "zod";
import { emailField, messageField, nameField, phoneField } from "./fields";

// The contact form's rules, run by the browser for instant feedback and by the server.

export const ContactSchema = z.object({
  name: nameField,
  phoneNumber: phoneField,
  email: emailField,
  message: messageField,
  smsConsent: z.literal("on", { error: "Please agree to receive text messages so we can reply." }),
});

export type ContactRequest = z.output<typeof ContactSchema>;

export const CONTACT_MESSAGES = {
  success: "Message sent successfully!",
  failure: "Failed to send message. Please try again.",
} as const;

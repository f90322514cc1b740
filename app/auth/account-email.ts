import { store } from "~/config/store";
import type { Email } from "~/messaging/email";
import { renderEmail } from "~/messaging/email-layout";

// The e-mail with a link to set a password: an invitation to the staff, or a
// password reset by the owner. The link is the only variable part.

const WORDING = {
  invite: {
    subject: `You are invited to the ${store.name} staff dashboard`,
    heading: "You're invited",
    lead: `You have been added to the staff of ${store.name}. Choose your password to sign in:`,
  },
  reset: {
    subject: `Set a new password for the ${store.name} staff dashboard`,
    heading: "A new password",
    lead: `The owner reset your staff password. Choose a new one to sign in again:`,
  },
} as const;

export function passwordLinkEmail(kind: keyof typeof WORDING, to: string, link: string): Promise<Email> {
  const { subject, heading, lead } = WORDING[kind];
  return renderEmail({
    to,
    subject,
    heading,
    paragraphs: [lead],
    action: { label: "Set your password", textLabel: "Set your password", href: link },
    closing: ["The link works once and expires in 48 hours. If you did not expect this e-mail, ignore it."],
  });
}

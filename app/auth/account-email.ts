import { store } from "~/config/store";
import type { Email } from "~/messaging/email";
import { escapeHtml, htmlEmailDocument } from "~/messaging/email-layout";

// The e-mail with a link to set a password: an invitation to the staff, or a
// password reset by the owner. The link is the only variable part.

const WORDING = {
  invite: {
    subject: `You are invited to the ${store.name} staff dashboard`,
    lead: `You have been added to the staff of ${store.name}. Choose your password to sign in:`,
  },
  reset: {
    subject: `Set a new password for the ${store.name} staff dashboard`,
    lead: `The owner reset your staff password. Choose a new one to sign in again:`,
  },
} as const;

export function passwordLinkEmail(kind: keyof typeof WORDING, to: string, link: string): Email {
  const { subject, lead } = WORDING[kind];
  const note = "The link works once and expires in 48 hours. If you did not expect this e-mail, ignore it.";
  const html = htmlEmailDocument(
    subject,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>` +
    `<p>${escapeHtml(lead)}</p>` +
    `<p><a href="${escapeHtml(link)}">Set your password</a></p>` +
    `<p style="color:#57534e;font-size:12px">${escapeHtml(note)}</p>`,
  );
  const text = [subject, "", lead, link, "", note].join("\n");
  return { to, subject, html, text };
}

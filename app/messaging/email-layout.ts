import { hoursSummary, store, storeAddressLine } from "~/config/store";
import type { Email, EmailContent } from "./email";

export type { EmailContent, EmailLink } from "./email";

// Every e-mail the site sends, to staff or to a visitor, in one layout: a heading, a few sentences, a
// summary of label and value, one button, links, and the store's address and hours. The HTML part is
// drawn by email-document.tsx (React Email, decision 147), imported here only when an e-mail is made, so
// a request that sends none never loads it (decision 118). React escapes every value. Subjects are fixed
// words or values the site chose (a date from the slot list), never free text a visitor typed, so no
// field reaches a header.

/** The plain-text part: the same words, the links spelled out, the store's address and hours at the end; a blank line between blocks. */
export function plainTextEmail({ heading, paragraphs = [], rows = [], action, links = [], closing = [] }: EmailContent): string {
  const allLinks = [...(action ? [action] : []), ...links];
  const blocks = [
    heading,
    ...paragraphs,
    rows.map(([label, value]) => `${label}: ${value}`).join("\n"),
    allLinks.map((link) => `${link.textLabel}: ${link.href}`).join("\n"),
    ...closing,
    ["--", store.name, storeAddressLine, hoursSummary, `${store.phone.display} · ${store.email}`].join("\n"),
  ];
  return blocks.filter((block) => block !== "").join("\n\n");
}

export async function renderEmail(content: EmailContent): Promise<Email> {
  const { emailHtml } = await import("./email-document");
  const { to, subject, replyTo, calendarFile } = content;
  return {
    to,
    subject,
    html: emailHtml(content),
    text: plainTextEmail(content),
    ...(replyTo ? { replyTo } : {}),
    ...(calendarFile ? { calendarFile } : {}),
  };
}

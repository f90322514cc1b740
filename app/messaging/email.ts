/** One e-mail as the outbox stores it and the sender sends it. */
export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes (MailChannels' reply_to): the store for a visitor, the lead's address for staff. */
  replyTo?: string;
  /** An appointment's calendar file (app/core/ics.ts), attached as appointment.ics. */
  calendarFile?: string;
}

/**
 * Stands for the new record's id in an e-mail written before the record exists
 * (a link to its dashboard page); the outbox fills it in as it queues the e-mail.
 */
export const RECORD_ID_SLOT = "{record-id}";

export interface EmailLink {
  /** The link's words in the HTML e-mail. */
  label: string;
  /** How the plain-text e-mail introduces the address ("Dashboard: https://…"). */
  textLabel: string;
  href: string;
}

export interface EmailContent {
  to: string;
  subject: string;
  heading: string;
  /** The line an inbox shows after the subject; the first paragraph when absent. */
  preview?: string;
  /** Sentences before the summary, one paragraph each. */
  paragraphs?: string[];
  /** The summary: label and value pairs in reading order (values may be visitor text). */
  rows?: [label: string, value: string][];
  /** The one button: what the reader most likely does next. */
  action?: EmailLink;
  /** Other links, as text under the button. */
  links?: EmailLink[];
  /** Sentences after the links. */
  closing?: string[];
  replyTo?: string;
  calendarFile?: string;
}

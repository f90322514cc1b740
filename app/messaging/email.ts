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

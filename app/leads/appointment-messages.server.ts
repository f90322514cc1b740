import { siteUrl } from "~/config/store";
import { emailMessage, textMessage, type OutgoingMessage } from "~/mail/outbox.server";
import {
  bookingConfirmationEmail,
  bookingConfirmationText,
  reminderEmail,
  reminderText,
  type Visit,
  type VisitLinks,
} from "~/mail/visitor-messages";
import { calendarPath } from "./ics";
import { managePath, manageToken } from "./manage-token.server";
import { reminderTime } from "./reminders";

/** A booked (or just moved) visit and where its visitor asked to hear about it. */
export interface VisitToConfirm extends Visit {
  reference: string;
  /** The slot's start, epoch ms. */
  startsAt: number;
  /** Their e-mail, if they gave one. */
  email: string | null;
  /** Their number (E.164) if they agreed to texts, else null. */
  textTo: string | null;
}

/**
 * The manage page and calendar file of a booking, as absolute links on the
 * configured site, never the request's Host: a forged Host must not put its
 * own link into a text sent from the store's number (docs/decisions/052).
 */
export async function visitLinks(env: Env, reference: string): Promise<VisitLinks> {
  return {
    manage: siteUrl(managePath(await manageToken(env, reference))),
    calendar: siteUrl(calendarPath(reference)),
  };
}

/**
 * The visitor's confirmation now and reminder later, on each channel they chose:
 * a text if they agreed to texts, an e-mail if they gave an address. The reminder
 * is tied to this start time, so a moved or cancelled visit never gets it.
 */
export async function visitMessages(env: Env, visit: VisitToConfirm, now: number): Promise<OutgoingMessage[]> {
  if (!visit.email && !visit.textTo) return [];
  const links = await visitLinks(env, visit.reference);
  const remindAt = reminderTime(visit, now);
  const reminder = remindAt === null ? null : { sendAt: remindAt, startsAt: visit.startsAt };
  const messages: OutgoingMessage[] = [];
  if (visit.textTo) {
    messages.push(textMessage("booking-confirmation", visit.textTo, bookingConfirmationText(visit, links)));
    if (reminder) messages.push(textMessage("reminder", visit.textTo, reminderText(visit, links), reminder));
  }
  if (visit.email) {
    messages.push(emailMessage("booking-confirmation", bookingConfirmationEmail(visit.email, visit, links)));
    if (reminder) messages.push(emailMessage("reminder", reminderEmail(visit.email, visit, links), reminder));
  }
  return messages;
}

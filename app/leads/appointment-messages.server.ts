import { siteUrl } from "~/config/store";
import { emailMessage, textMessage, type OutgoingMessage } from "~/messaging/outbox.server";
import {
  bookingConfirmationEmail,
  bookingConfirmationText,
  cancelledEmail,
  cancelledText,
  movedEmail,
  movedText,
  reminderEmail,
  reminderText,
  type Visit,
  type VisitLinks,
} from "~/messaging/visitor-messages";
import { appointmentCalendar, calendarPath } from "~/core/ics";
import { managePath, manageToken } from "./manage-token.server";
import { reminderTime } from "~/core/reminders";

/** A visit and where its visitor asked to hear about it. */
export interface VisitToTell extends Visit {
  reference: string;
  /** The calendar file's SEQUENCE after this change (appointments.sequence as the batch writes it). */
  sequence: number;
  /** Their e-mail, if they gave one. */
  email: string | null;
  /** Their number (E.164) if they agreed to texts, else null. */
  textTo: string | null;
}

/** A booked (or just moved) visit. */
export interface VisitToConfirm extends VisitToTell {
  /** The slot's start, epoch ms. */
  startsAt: number;
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
 * a text if they agreed to texts, an e-mail (with the calendar file) if they gave
 * an address. A move ("moved") confirms the new time with the same event at a
 * higher SEQUENCE. The reminder is tied to this start time, so a moved or
 * cancelled visit never gets it.
 */
export async function visitMessages(
  env: Env,
  visit: VisitToConfirm,
  now: number,
  change: "booked" | "moved" = "booked",
): Promise<OutgoingMessage[]> {
  if (!visit.email && !visit.textTo) return [];
  const links = await visitLinks(env, visit.reference);
  const remindAt = reminderTime(visit, now);
  const reminder = remindAt === null ? null : { sendAt: remindAt, startsAt: visit.startsAt };
  const kind = change === "booked" ? "booking-confirmation" : "reschedule-confirmation";
  const messages: OutgoingMessage[] = [];
  if (visit.textTo) {
    messages.push(textMessage(kind, visit.textTo, (change === "booked" ? bookingConfirmationText : movedText)(visit, links)));
    if (reminder) messages.push(textMessage("reminder", visit.textTo, reminderText(visit, links), reminder));
  }
  if (visit.email) {
    const calendar = appointmentCalendar({ ...visit, cancelled: false }, { now: new Date(now) });
    messages.push(emailMessage(kind, await (change === "booked" ? bookingConfirmationEmail : movedEmail)(visit.email, visit, links, calendar)));
    if (reminder) messages.push(emailMessage("reminder", await reminderEmail(visit.email, visit, links), reminder));
  }
  return messages;
}

/**
 * The visitor's word that their visit is cancelled (by them or by staff), on each
 * channel they chose, with a link to book again; the e-mail carries the calendar
 * file that removes the event (METHOD:CANCEL, STATUS:CANCELLED, the new SEQUENCE).
 */
export async function cancellationMessages(visit: VisitToTell, now: number): Promise<OutgoingMessage[]> {
  const messages: OutgoingMessage[] = [];
  if (visit.textTo) messages.push(textMessage("cancellation-confirmation", visit.textTo, cancelledText(visit)));
  if (visit.email) {
    const calendar = appointmentCalendar({ ...visit, cancelled: true }, { method: "CANCEL", now: new Date(now) });
    messages.push(emailMessage("cancellation-confirmation", await cancelledEmail(visit.email, visit, calendar)));
  }
  return messages;
}

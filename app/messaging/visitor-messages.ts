import { mapsSearchUrl, siteUrl, store, storeAddressLine } from "~/config/store";
import { formatCalendarDay, formatStoreDate } from "~/core/store-time";
import type { Email } from "./email";
import { renderEmail } from "./email-layout";

// What visitors receive: the booking confirmation, the confirmation of a move or
// a cancellation, the reminder (text and e-mail), the review request after a visit, "We received your request",
// the replies to HELP and STOP and the frame of a staff text. Texts, and every
// e-mail to an address nobody verified, carry no words a visitor typed (only
// the date, time and service they chose from our lists, and our links), so the
// forms can't be used to send someone else a message of their author's choosing.
// A booking e-mail greets by name: its address booked the visit itself. Replies
// to an e-mail reach the store (reply_to). Texts stay in the GSM-7 alphabet (no
// curly quotes or dashes), so a segment holds 160 characters.

export interface Visit {
  name: string;
  date: string;
  time: string;
  service: string;
}

export interface VisitLinks {
  /** The manage page (signed token): cancel or reschedule. */
  manage: string;
  /** The .ics file. */
  calendar: string;
}

const OPT_OUT = "Reply STOP to opt out.";
/** Where a visitor whose visit was cancelled books again. */
const BOOK_AGAIN = siteUrl("/book");

function when(visit: Visit): string {
  return `${formatCalendarDay(visit.date)} at ${visit.time}`;
}

export function bookingConfirmationText(visit: Visit, links: VisitLinks): string {
  return (
    `${store.name}: you're booked for ${visit.service} on ${when(visit)}, ${storeAddressLine}. ` +
    `Add to calendar: ${links.calendar} Change or cancel: ${links.manage} ${OPT_OUT}`
  );
}

export function movedText(visit: Visit, links: VisitLinks): string {
  return (
    `${store.name}: your visit is moved to ${visit.service} on ${when(visit)}, ${storeAddressLine}. ` +
    `Update your calendar: ${links.calendar} Change or cancel: ${links.manage} ${OPT_OUT}`
  );
}

export function cancelledText(visit: Visit): string {
  return `${store.name}: your ${visit.service} on ${when(visit)} is cancelled. Book a new time: ${BOOK_AGAIN} ${OPT_OUT}`;
}

/** The store can no longer see the visitor at their time (closed or blocked since): a link to choose another. */
export function moveRequestText(visit: Visit, links: VisitLinks): string {
  return (
    `${store.name}: sorry, we must move your ${visit.service} on ${when(visit)}. ` +
    `Please choose another time: ${links.manage} or call ${store.phone.display}. ${OPT_OUT}`
  );
}

export function reminderText(visit: Visit, links: VisitLinks): string {
  return (
    `${store.name}: a reminder of your ${visit.service} on ${when(visit)}, ${storeAddressLine}. ` +
    `Change or cancel: ${links.manage} ${OPT_OUT}`
  );
}

export function helpReplyText(): string {
  return `${store.name}: for help call ${store.phone.display} or e-mail ${store.email}. ${OPT_OUT}`;
}

/** The one confirmation of a STOP (CTIA): no more texts, and how to undo it. */
export function stopReplyText(): string {
  return `${store.name}: you are unsubscribed and will get no more texts from us. Reply START to resubscribe.`;
}

/**
 * The double opt-in for promotions (CTIA, decision 135): the number itself says
 * YES before any offer is sent. It names the program, how often, the costs and
 * the keywords, and tells whoever did not ask to do nothing.
 */
export function promoConfirmationText(): string {
  return (
    `${store.name}: reply YES to get offers and promotions by text, up to 4 a month. ` +
    `Msg & data rates may apply. Reply HELP for help, STOP to opt out. Didn't ask? Ignore this text.`
  );
}

/** The answer to that YES: the number is signed up, and how to leave. */
export function promoWelcomeText(): string {
  return `${store.name}: you're signed up for offers by text, up to 4 a month. Msg & data rates may apply. Reply HELP for help, STOP to opt out.`;
}

/** A staff text as sent: their words, then the store's name. */
export function staffText(message: string): string {
  return `${message}\n${store.name}`;
}

function visitRows(visit: Visit): [string, string][] {
  return [
    ["Service", visit.service],
    ["Date", formatStoreDate(visit.date)],
    ["Time", `${visit.time} (Central time)`],
    ["Where", `${store.name}, ${storeAddressLine}`],
  ];
}

const CHANGE_OR_CANCEL = (links: VisitLinks) => ({ label: "Change or cancel your appointment", textLabel: "Change or cancel", href: links.manage });
const DIRECTIONS = { label: "Get directions", textLabel: "Directions", href: mapsSearchUrl };

const CALL_US = `Questions? Call us at ${store.phone.display} or write to ${store.email}.`;

/** The confirmation of a new booking, with its calendar file attached. */
export function bookingConfirmationEmail(to: string, visit: Visit, links: VisitLinks, calendarFile: string): Promise<Email> {
  return renderEmail({
    to,
    replyTo: store.email,
    subject: `Your appointment on ${when(visit)}`,
    heading: "You're booked",
    paragraphs: [`Hi ${visit.name}, thank you for booking with ${store.name}. We look forward to seeing you.`],
    rows: visitRows(visit),
    action: { label: "Add to calendar", textLabel: "Add to calendar", href: links.calendar },
    links: [CHANGE_OR_CANCEL(links)],
    closing: [CALL_US],
    calendarFile,
  });
}

/** The confirmation of a move, with the updated calendar file (same event, higher SEQUENCE). */
export function movedEmail(to: string, visit: Visit, links: VisitLinks, calendarFile: string): Promise<Email> {
  return renderEmail({
    to,
    replyTo: store.email,
    subject: `Your appointment is moved to ${when(visit)}`,
    heading: "Your new time",
    paragraphs: [
      `Hi ${visit.name}, your appointment at ${store.name} is moved. Open the attached file to update your calendar.`,
    ],
    rows: visitRows(visit),
    action: { label: "Update your calendar", textLabel: "Update your calendar", href: links.calendar },
    links: [CHANGE_OR_CANCEL(links)],
    closing: [CALL_US],
    calendarFile,
  });
}

/** The confirmation of a cancellation (by the visitor or by staff), with the file that removes the event. */
export function cancelledEmail(to: string, visit: Visit, calendarFile: string): Promise<Email> {
  return renderEmail({
    to,
    replyTo: store.email,
    subject: `Your appointment on ${when(visit)} is cancelled`,
    heading: "Your appointment is cancelled",
    paragraphs: [
      `Hi ${visit.name}, your appointment at ${store.name} is cancelled. Open the attached file to remove it from your calendar.`,
    ],
    rows: visitRows(visit),
    action: { label: "Book a new time", textLabel: "Book a new time", href: BOOK_AGAIN },
    closing: [CALL_US],
    calendarFile,
  });
}

export function moveRequestEmail(to: string, visit: Visit, links: VisitLinks): Promise<Email> {
  return renderEmail({
    to,
    replyTo: store.email,
    subject: `Please choose a new time for your appointment on ${when(visit)}`,
    heading: "We must move your visit",
    paragraphs: [
      `Hi ${visit.name}, we are sorry: ${store.name} can't see you at the time you booked. ` +
        `Please choose another time that suits you, or call us and we will find one together.`,
    ],
    rows: visitRows(visit),
    action: { label: "Choose another time", textLabel: "Choose another time", href: links.manage },
    closing: [CALL_US],
  });
}

export function reminderEmail(to: string, visit: Visit, links: VisitLinks): Promise<Email> {
  return renderEmail({
    to,
    replyTo: store.email,
    subject: `Reminder: your appointment on ${when(visit)}`,
    heading: "See you soon",
    paragraphs: [`Hi ${visit.name}, this is a reminder of your appointment at ${store.name}.`],
    rows: visitRows(visit),
    action: DIRECTIONS,
    links: [CHANGE_OR_CANCEL(links)],
    closing: [CALL_US],
  });
}

/**
 * After a contact message or a custom order. Nobody verified the address, so it
 * quotes nothing the form's author typed, not even a name: the form cannot send
 * a stranger words of its author's choosing, signed with the store's domain.
 */
export function requestReceivedEmail(to: string): Promise<Email> {
  return renderEmail({
    to,
    replyTo: store.email,
    subject: "We received your request",
    heading: "We received your request",
    paragraphs: [
      `Thank you for contacting ${store.name}. We will get back to you soon, usually within one business day.`,
    ],
    closing: [
      CALL_US,
      "If you didn't write to us, someone may have typed your e-mail address by mistake. You can simply delete this e-mail.",
    ],
  });
}

/**
 * The request for a Google review the day after a visit (decision 146), by text and by e-mail. Every customer
 * gets the same words, whatever staff think of the visit: Google forbids asking only happy customers, so nothing
 * here hopes for a good review or asks only the satisfied. No name and nothing typed: the same words for all.
 */
const REVIEW_WORDS = {
  ask: "Would you tell others how it went in a Google review?",
  once: "We ask each customer once and send no reminders.",
} as const;

export function reviewRequestText(): string {
  return `${store.name}: thank you for your visit. ${REVIEW_WORDS.ask} ${store.social.reviews} ${OPT_OUT}`;
}

export function reviewRequestEmail(to: string): Promise<Email> {
  return renderEmail({
    to,
    replyTo: store.email,
    subject: `Your visit to ${store.name}`,
    heading: "Thank you for your visit",
    paragraphs: [`Thank you for visiting ${store.name}. ${REVIEW_WORDS.ask} Whatever you have to say helps others choose.`],
    action: { label: "Write a Google review", textLabel: "Write a Google review", href: store.social.reviews },
    closing: [REVIEW_WORDS.once, CALL_US],
  });
}

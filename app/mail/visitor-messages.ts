import { store, storeAddressLine } from "~/config/store";
import { formatCalendarDay, formatStoreDate } from "~/leads/store-time";
import type { Email } from "./email";
import { renderEmail } from "./email-layout";

// What visitors receive: the booking confirmation and reminder (text and
// e-mail), "We received your request", the reply to HELP and the frame of a
// staff text. Texts carry no words a visitor typed (only the date, time and
// service they chose from our lists, and our links), so the booking form can't
// be used to send someone else a message of its author's choosing. Texts stay
// in the GSM-7 alphabet (no curly quotes or dashes), so a segment holds 160 characters.

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

function when(visit: Visit): string {
  return `${formatCalendarDay(visit.date)} at ${visit.time}`;
}

export function bookingConfirmationText(visit: Visit, links: VisitLinks): string {
  return (
    `${store.name}: you're booked for ${visit.service} on ${when(visit)}, ${storeAddressLine}. ` +
    `Add to calendar: ${links.calendar} Change or cancel: ${links.manage} ${OPT_OUT}`
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

function visitLinks(links: VisitLinks) {
  return [
    { label: "Add to calendar", textLabel: "Add to calendar", href: links.calendar },
    { label: "Change or cancel your appointment", textLabel: "Change or cancel", href: links.manage },
  ];
}

const CALL_US = `Questions? Call us at ${store.phone.display} or write to ${store.email}.`;

export function bookingConfirmationEmail(to: string, visit: Visit, links: VisitLinks): Email {
  return renderEmail({
    to,
    subject: `Your appointment on ${when(visit)}`,
    heading: "You're booked",
    paragraphs: [`Hi ${visit.name}, thank you for booking with ${store.name}. We look forward to seeing you.`],
    rows: visitRows(visit),
    links: visitLinks(links),
    closing: [CALL_US],
  });
}

export function reminderEmail(to: string, visit: Visit, links: VisitLinks): Email {
  return renderEmail({
    to,
    subject: `Reminder: your appointment on ${when(visit)}`,
    heading: "See you soon",
    paragraphs: [`Hi ${visit.name}, this is a reminder of your appointment at ${store.name}.`],
    rows: visitRows(visit),
    links: visitLinks(links),
    closing: [CALL_US],
  });
}

/** After a contact message or a custom order: what they sent, and no link into the staff area. */
export function requestReceivedEmail(to: string, name: string, rows: [label: string, value: string][]): Email {
  return renderEmail({
    to,
    subject: "We received your request",
    heading: "We received your request",
    paragraphs: [
      `Hi ${name}, thank you for contacting ${store.name}. We will get back to you soon, usually within one business day.`,
      "Here is what you sent us:",
    ],
    rows,
    closing: [CALL_US],
  });
}

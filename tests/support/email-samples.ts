import { passwordLinkEmail } from "../../app/auth/account-email";
import { siteUrl } from "../../app/config/store";
import { appointmentChangedEmail, leadEmail } from "../../app/leads/staff-email";
import { RECORD_ID_SLOT, type Email } from "../../app/messaging/email";
import type { MessageKind } from "../../app/messaging/message-kinds";
import {
  bookingConfirmationEmail,
  cancelledEmail,
  movedEmail,
  moveRequestEmail,
  reminderEmail,
  requestReceivedEmail,
  reviewRequestEmail,
} from "../../app/messaging/visitor-messages";
import { repairEstimateEmail, repairReadyEmail } from "../../app/repairs/messages";

// One e-mail of every kind the site sends, made by the same functions the flows call, with the words a
// real one carries: for the screenshots and the Nu validator in tests/browser/email-design.spec.ts.

/** What a visitor might type as a name: it must reach the e-mail as text, never as markup. */
export const HOSTILE_NAME = `<b>x</b> & "quotes"`;

const visit = { name: "Maria Alvarez", date: "2026-12-08", time: "2:00 PM", service: "Engagement ring consultation" };
const links = { manage: siteUrl("/appointment/sample-token"), calendar: siteUrl("/calendar/BFJ-7Q2M.ics") };
const calendar = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n";
const repair = { name: "Maria Alvarez", ticket: "R-7K3M-9Q", item: "14K yellow gold ring, resize from 6 to 7 and polish" };
const staffRows: [string, string][] = [
  ["Name", "Maria Alvarez"],
  ["Phone", "(901) 555-0188"],
  ["E-mail", "maria@example.com"],
];

function withRecordId(email: Email, id: number): Email {
  return { ...email, html: email.html.replaceAll(RECORD_ID_SLOT, String(id)), text: email.text.replaceAll(RECORD_ID_SLOT, String(id)) };
}

/** Every e-mail kind, by the outbox's kind; a kind with two forms has two samples. */
export async function emailSamples(): Promise<{ kind: MessageKind; variant: string; email: Email }[]> {
  return [
    { kind: "booking-confirmation", variant: "", email: await bookingConfirmationEmail("maria@example.com", visit, links, calendar) },
    { kind: "reschedule-confirmation", variant: "", email: await movedEmail("maria@example.com", visit, links, calendar) },
    { kind: "cancellation-confirmation", variant: "", email: await cancelledEmail("maria@example.com", visit, calendar) },
    { kind: "reminder", variant: "", email: await reminderEmail("maria@example.com", visit, links) },
    { kind: "move-request", variant: "", email: await moveRequestEmail("maria@example.com", visit, links) },
    { kind: "request-received", variant: "", email: await requestReceivedEmail("maria@example.com") },
    { kind: "review-request", variant: "", email: await reviewRequestEmail("maria@example.com") },
    { kind: "repair-ready", variant: "", email: await repairReadyEmail("maria@example.com", repair, true, [{ date: "2026-12-24", closed: false, opens: "11:00", closes: "15:00", note: "Christmas Eve" }]) },
    { kind: "repair-ready", variant: "declined", email: await repairReadyEmail("maria@example.com", repair, false) },
    {
      kind: "repair-estimate",
      variant: "",
      email: await repairEstimateEmail("maria@example.com", repair, { amount: "$85.00", description: "The shank is thin at the back; we add gold before sizing." }),
    },
    {
      kind: "appointment",
      variant: "",
      email: await leadEmail("appointment", [...staffRows, ["Date", "Tuesday, December 8, 2026"], ["Time", "2:00 PM"], ["Service", visit.service]], { replyTo: "maria@example.com" }),
    },
    {
      kind: "contact",
      variant: "",
      email: await leadEmail("contact", [...staffRows, ["Message", "Hello,\nDo you resize rings while I wait?\nThanks"]], { replyTo: "maria@example.com" }),
    },
    {
      kind: "order",
      variant: "",
      // The outbox puts the order's id in the link as it queues the e-mail.
      email: withRecordId(await leadEmail("order", [...staffRows, ["Jewelry type", "Custom Ring"], ["Photos", "2 (open the order in the dashboard to see them)"]], { link: "record" }), 17),
    },
    {
      kind: "appointment-changed",
      variant: "",
      email: await appointmentChangedEmail("rescheduled", [...staffRows, ["Was", "Tue Dec 8 at 2:00 PM"], ["Now", "Wed Dec 9 at 11:00 AM"]], 42, "maria@example.com"),
    },
    { kind: "staff-invite", variant: "", email: await passwordLinkEmail("invite", "new@example.com", siteUrl("/set-password/sample")) },
    { kind: "staff-reset", variant: "", email: await passwordLinkEmail("reset", "clerk@example.com", siteUrl("/set-password/sample")) },
  ];
}

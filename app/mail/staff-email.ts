import { store } from "~/config/store";
import { LEADS, type LeadKind } from "~/leads/kinds";
import { RECORD_ID_SLOT, type Email } from "./email";
import { renderEmail } from "./email-layout";

export { escapeHtml } from "./email-layout";

// The staff notifications: a new lead, and a visitor's change to an appointment.
// Every value a visitor typed is escaped; the subject carries no visitor text.

const SUBJECTS: Record<LeadKind, string> = {
  appointment: "New appointment request",
  contact: "New contact message",
  order: "New custom order request",
};

/**
 * @param rows label and value pairs in reading order (values are visitor text)
 * @param dashboardUrl where staff open the inbox
 */
export function leadEmail(kind: LeadKind, rows: [label: string, value: string][], dashboardUrl: string): Email {
  return staffEmail(SUBJECTS[kind], rows, { label: "Open the dashboard", textLabel: "Dashboard", href: dashboardUrl });
}

/** A visitor cancelled or moved their appointment from the manage page. */
export function appointmentChangedEmail(
  change: "cancelled" | "rescheduled",
  rows: [label: string, value: string][],
  recordUrl: string,
): Email {
  const subject = change === "cancelled" ? "Appointment cancelled by the visitor" : "Appointment rescheduled by the visitor";
  return staffEmail(subject, rows, { label: "Open the appointment", textLabel: "Appointment", href: recordUrl });
}

function staffEmail(subject: string, rows: [string, string][], link: { label: string; textLabel: string; href: string }): Email {
  return renderEmail({ to: store.notifications.to, subject, heading: subject, rows, links: [link] });
}

/** Where staff open the inbox: this site's own dashboard, as the request reached it. */
export function dashboardUrl(request: Request): string {
  return new URL("/dashboard", request.url).toString();
}

/** The dashboard page of the record this e-mail announces (its id is filled in as the e-mail is queued). */
export function recordUrl(request: Request, kind: LeadKind): string {
  return `${dashboardUrl(request)}/${LEADS[kind].inbox}/${RECORD_ID_SLOT}`;
}

import { siteUrl, store } from "~/config/store";
import { leadHref } from "~/core/dashboard-links";
import { LEADS, type LeadKind } from "~/core/lead-kinds";
import { RECORD_ID_SLOT, type Email } from "~/messaging/email";
import { renderEmail } from "~/messaging/email-layout";

// The staff notifications: a new lead, and a visitor's change to an appointment.
// Every value a visitor typed is escaped; the subject carries no visitor text.
// Links start at the configured site (siteUrl), never at the request's Host: a
// forged Host must not put its own link in front of staff (docs/decisions/052).
// So no caller passes a URL in.

const SUBJECTS: Record<LeadKind, string> = {
  appointment: "New appointment request",
  contact: "New contact message",
  order: "New custom order request",
};

/**
 * @param rows label and value pairs in reading order (values are visitor text)
 * @param link "inbox" opens the kind's inbox; "record" the new record itself (its id is filled in as the e-mail is queued)
 * @param replyTo the lead's own e-mail address, if they gave one: staff answer them by replying
 */
export function leadEmail(
  kind: LeadKind,
  rows: [label: string, value: string][],
  { link = "inbox", replyTo }: { link?: "inbox" | "record"; replyTo?: string | null } = {},
): Promise<Email> {
  // The slot goes on after siteUrl, which would percent-encode its braces and hide it from the outbox.
  const href = link === "record" ? `${siteUrl(`/dashboard/${LEADS[kind].list}/`)}${RECORD_ID_SLOT}` : siteUrl("/dashboard");
  return staffEmail(SUBJECTS[kind], rows, { label: "Open the dashboard", textLabel: "Dashboard", href }, replyTo);
}

/** A visitor cancelled or moved their appointment from the manage page. */
export function appointmentChangedEmail(
  change: "cancelled" | "rescheduled",
  rows: [label: string, value: string][],
  appointmentId: number,
  replyTo?: string | null,
): Promise<Email> {
  const subject = change === "cancelled" ? "Appointment cancelled by the visitor" : "Appointment rescheduled by the visitor";
  const href = siteUrl(leadHref("appointment", appointmentId));
  return staffEmail(subject, rows, { label: "Open the appointment", textLabel: "Appointment", href }, replyTo);
}

function staffEmail(
  subject: string,
  rows: [string, string][],
  link: { label: string; textLabel: string; href: string },
  replyTo: string | null | undefined,
): Promise<Email> {
  return renderEmail({ to: store.notifications.to, subject, heading: subject, rows, action: link, replyTo: replyTo ?? undefined });
}

import { hoursSummary, mapsSearchUrl, store, storeAddressLine } from "~/config/store";
import { specialDayLabel, specialDaySentence, type SpecialDay } from "~/core/slots";
import type { Email } from "~/messaging/email";
import { renderEmail } from "~/messaging/email-layout";

// The "ready for pickup" message and the estimate to approve, by text and by
// e-mail. A text carries no words anyone typed (only the ticket number, the
// amount and the store's own facts) and stays in the GSM-7 alphabet like every
// text the site sends (plain hyphens), so the ready text fits one segment, or two
// when the store's hours change in the days ahead. Both ready messages name those
// changes (the owner's special days, from the one availability source, decision
// 139) after the weekly hours, so no one comes on a closed day.

/** /repair with the ticket number filled in: the claim ticket's QR code and the estimate message link to it. */
export function repairStatusUrl(ticket: string): string {
  return `${store.siteOrigin}/repair?ticket=${encodeURIComponent(ticket)}`;
}

/** How many days from the message's sending the special days it names are looked up for: a week to pick up. */
export const PICKUP_NOTICE_DAYS = 7;

/** "11:00" → "11", "18:00" → "6", "18:30" → "6:30". */
function shortHour(time: string): string {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return minute ? `${twelve}:${String(minute).padStart(2, "0")}` : String(twelve);
}

/** The opening hours in a few characters: "Mon-Sat 11-6, Sun 11-7". */
function pickupHours(): string {
  return store.hours
    .map((entry) => `${entry.label.split(" ")[0]!.replace(/\u2013/g, "-")} ${shortHour(entry.opens)}-${shortHour(entry.closes)}`)
    .join(", ");
}

/**
 * `repaired` false: the customer declined the estimate, and the piece waits for them as it came in.
 * `specialDays`: the store's special days of the PICKUP_NOTICE_DAYS from the text's sending.
 */
export function repairReadyText(ticket: string, repaired = true, specialDays: readonly SpecialDay[] = []): string {
  const what = repaired ? `your repair ${ticket} is ready for pickup` : `your piece (repair ${ticket}) is ready for pickup, not repaired, as you declined the estimate`;
  const changes = specialDays.map((day) => ` ${specialDaySentence(day)}`).join("");
  return `${store.name}: ${what}. ${pickupHours()}.${changes} Reply STOP to opt out.`;
}

export function repairReadyEmail(
  to: string,
  repair: { name: string; ticket: string; item: string },
  repaired = true,
  specialDays: readonly SpecialDay[] = [],
): Promise<Email> {
  return renderEmail({
    to,
    subject: repaired ? `Your repair ${repair.ticket} is ready for pickup` : `Your piece (repair ${repair.ticket}) is ready for pickup, not repaired`,
    heading: repaired ? "Your repair is ready" : "Your piece is ready for pickup, not repaired",
    paragraphs: [
      repaired
        ? `Hi ${repair.name}, your repair is ready for pickup at ${store.name}. Please bring your claim ticket.`
        : `Hi ${repair.name}, you declined the estimate, so we have not repaired your piece. It is ready for pickup at ${store.name}. Please bring your claim ticket.`,
    ],
    rows: [
      ["Ticket", repair.ticket],
      ["Item", repair.item],
      ["Pickup hours", hoursSummary],
      ...(specialDays.length
        ? [["Special hours", specialDays.map((day) => `${specialDayLabel(day)}${day.note ? ` (${day.note})` : ""}`).join(", ")] as [string, string]]
        : []),
      ["Where", `${store.name}, ${storeAddressLine}`],
    ],
    action: { label: "Get directions", textLabel: "Directions", href: mapsSearchUrl },
    closing: [`Questions? Call us at ${store.phone.display} or write to ${store.email}.`],
  });
}

/** The estimate to approve, as a text: the amount and a link, never the clerk's description (words someone typed). */
export function repairEstimateText(ticket: string, amount: string): string {
  return `${store.name}: your repair ${ticket} needs your OK for an estimate of ${amount}. Approve or decline at ${repairStatusUrl(ticket)} Reply STOP to opt out.`;
}

export function repairEstimateEmail(to: string, repair: { name: string; ticket: string; item: string }, estimate: { amount: string; description: string }): Promise<Email> {
  return renderEmail({
    to,
    subject: `Your repair ${repair.ticket}: an estimate to approve`,
    heading: "An estimate for your repair",
    paragraphs: [
      `Hi ${repair.name}, our jeweler looked at your piece and the work needs your approval before we go ahead.`,
      `Use the button below to approve or decline it; the page asks for the last 4 digits of your phone.`,
    ],
    rows: [
      ["Ticket", repair.ticket],
      ["Item", repair.item],
      ["Estimate", estimate.amount],
      ["Work found", estimate.description],
    ],
    action: { label: "Approve or decline", textLabel: "Approve or decline", href: repairStatusUrl(repair.ticket) },
    closing: [`Questions? Call us at ${store.phone.display} or write to ${store.email}.`],
  });
}

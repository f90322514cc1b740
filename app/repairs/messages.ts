import { store, storeAddressLine } from "~/config/store";
import { specialDayLabel, specialDaySentence, type SpecialDay } from "~/core/slots";
import type { Email } from "~/messaging/email";
import { renderEmail } from "~/messaging/email-layout";

// The "ready for pickup" message, by text and by e-mail. The text carries no
// words anyone typed (only the ticket number and the store's own facts) and
// stays in the GSM-7 alphabet like every text the site sends (plain hyphens),
// so it fits one segment, or two when the store's hours change in the days ahead.
// Both name those changes (the owner's special days, from the one availability
// source, decision 139) after the weekly hours, so no one comes on a closed day.

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

/** @param specialDays the store's special days of the PICKUP_NOTICE_DAYS from the text's sending */
export function repairReadyText(ticket: string, specialDays: readonly SpecialDay[] = []): string {
  const changes = specialDays.map((day) => ` ${specialDaySentence(day)}`).join("");
  return `${store.name}: your repair ${ticket} is ready for pickup. ${pickupHours()}.${changes} Reply STOP to opt out.`;
}

export function repairReadyEmail(to: string, repair: { name: string; ticket: string; item: string }, specialDays: readonly SpecialDay[] = []): Email {
  return renderEmail({
    to,
    subject: `Your repair ${repair.ticket} is ready for pickup`,
    heading: "Your repair is ready",
    paragraphs: [`Hi ${repair.name}, your repair is ready for pickup at ${store.name}. Please bring your claim ticket.`],
    rows: [
      ["Ticket", repair.ticket],
      ["Item", repair.item],
      ["Pickup hours", store.hours.map((entry) => entry.label).join(", ")],
      ...(specialDays.length
        ? [["Special hours", specialDays.map((day) => `${specialDayLabel(day)}${day.note ? ` (${day.note})` : ""}`).join(", ")] as [string, string]]
        : []),
      ["Where", `${store.name}, ${storeAddressLine}`],
    ],
    closing: [`Questions? Call us at ${store.phone.display} or write to ${store.email}.`],
  });
}

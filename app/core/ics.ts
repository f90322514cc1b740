import { siteUrl, store, storeAddressLine } from "~/config/store";
import { clockOfLabel, SLOT_MINUTES } from "./slots";

// An "Add to calendar" file (RFC 5545) for a booked appointment, in the store's
// local time with its time zone spelled out, so calendars show it correctly
// wherever the visitor is. One event per booking, always the same UID; its
// SEQUENCE goes up with each move or cancellation, so a calendar that already
// holds the event replaces it instead of keeping the old time (docs/decisions/093).

/** America/Chicago's rules since 2007; the store's time zone (store.timeZone). */
const CHICAGO_TIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/Chicago",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0500",
  "TZNAME:CDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0600",
  "TZNAME:CST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** A parameter value in quotes (RFC 5545 §3.2): anything but a quote (the store's name, a store fact). */
function quotedParameter(value: string): string {
  return `"${value.replaceAll('"', "")}"`;
}

function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space. */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const character of line) {
    const length = new TextEncoder().encode(character).length;
    if (size + length > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += character;
    size += length;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function localDateTime(date: string, hour: number, minute: number): string {
  return `${date.replaceAll("-", "")}T${String(hour).padStart(2, "0")}${String(minute).padStart(2, "0")}00`;
}

export interface CalendarAppointment {
  reference: string;
  date: string;
  time: string;
  service: string;
  /** RFC 5545 SEQUENCE: the appointment's revision (appointments.sequence). */
  sequence: number;
  /** Cancelled, or otherwise holding no seat: the event carries STATUS:CANCELLED. */
  cancelled: boolean;
}

/**
 * PUBLISH: the file as downloaded or attached to a confirmation (a later PUBLISH
 * with a higher SEQUENCE updates it, RFC 5546 §3.2.1). CANCEL: attached to the
 * cancellation e-mail, so a calendar that holds the event removes it (§3.2.5).
 */
export type CalendarMethod = "PUBLISH" | "CANCEL";

/** The event's UID domain: the store's configured site, never a request's Host, so every file names one event. */
const UID_DOMAIN = new URL(siteUrl("/")).hostname;

export function appointmentCalendar(
  appointment: CalendarAppointment,
  { method = "PUBLISH", now = new Date() }: { method?: CalendarMethod; now?: Date } = {},
): string {
  const start = clockOfLabel(appointment.time);
  if (!start) throw new Error(`not a slot label: ${appointment.time}`);
  const endMinutes = start.hour * 60 + start.minute + SLOT_MINUTES;
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const cancelled = appointment.cancelled || method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(store.name)}//Appointments//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...CHICAGO_TIMEZONE,
    "BEGIN:VEVENT",
    `UID:${appointment.reference}@${UID_DOMAIN}`,
    `DTSTAMP:${stamp}`,
    `SEQUENCE:${appointment.sequence}`,
    `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `ORGANIZER;CN=${quotedParameter(store.name)}:mailto:${store.email}`,
    `DTSTART;TZID=${store.timeZone}:${localDateTime(appointment.date, start.hour, start.minute)}`,
    `DTEND;TZID=${store.timeZone}:${localDateTime(appointment.date, Math.floor(endMinutes / 60), endMinutes % 60)}`,
    `SUMMARY:${escapeText(`${appointment.service} at ${store.name}`)}`,
    `LOCATION:${escapeText(`${store.name}, ${storeAddressLine}`)}`,
    `DESCRIPTION:${escapeText(
      cancelled
        ? `Your ${appointment.service} appointment was cancelled. To book a new time, visit ${siteUrl("/book")} or call us at ${store.phone.display}.`
        : `Your ${appointment.service} appointment. To change it, call us at ${store.phone.display}.`,
    )}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** The Content-Type of a calendar file: its METHOD must also be the MIME type's `method` (RFC 5545 §3.7.2). */
export function calendarContentType(method: CalendarMethod): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}

/** The METHOD a file made by appointmentCalendar carries (its own line, read back for the attachment's type). */
export function calendarMethodOf(file: string): CalendarMethod {
  return /\r\nMETHOD:CANCEL\r\n/.test(file) ? "CANCEL" : "PUBLISH";
}

/** Where a booking's calendar file is served (the booking reference is unguessable; docs/decisions/020). */
export function calendarPath(reference: string): `/${string}` {
  return `/book/calendar.ics?${new URLSearchParams({ booking: reference })}`;
}

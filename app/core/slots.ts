import { store } from "~/config/store";
import { formatDayChoice, parseDate, storeDate, storeTimeToInstant } from "./store-time";

// Appointment times, computed in the store's time zone (America/Chicago): the one
// source of when a visit may be booked (decision 139). The weekly hours come from
// the store config; the owner's exceptions (special days, blocked times, kept in D1
// and read by app/hours/) override them. Hourly from opening, the last start one
// hour before closing, and no slot that overlaps a blocked time. Runs the same in
// the browser and in the Worker (Intl only).

export const SLOT_MINUTES = 60;
/** How far ahead a visitor can book online; further out, they call. */
export const BOOKING_WINDOW_DAYS = 180;
/** How many days with open times the booking form offers as choices; further out, the visitor calls. */
export const SCHEDULER_DAYS = 14;
/** How far the form looks for them: a store closed a day or two a week still fills its 14. */
export const SCHEDULER_SEARCH_DAYS = 28;

export interface Slot {
  /** As shown and stored, e.g. "11:00 AM". */
  label: string;
  /** The slot's start as an instant (epoch ms). */
  startsAt: number;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** A real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  return parseDate(date) !== null;
}

export function addDays(date: string, days: number): string {
  const parts = parseDate(date);
  if (!parts) throw new Error(`not a calendar date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  const parts = parseDate(date);
  if (!parts) throw new Error(`not a calendar date: ${date}`);
  return WEEKDAYS[new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay()]!;
}

/** "11:00 AM", "12:00 PM", "1:00 PM": the format visitors and staff read. */
export function slotLabel(hour: number, minute = 0): string {
  const suffix = hour < 12 ? "AM" : "PM";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, "0")} ${suffix}`;
}

/** The 24-hour clock time of a label like "1:00 PM", or null if it is not one. */
export function clockOfLabel(label: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(label);
  if (!match) return null;
  const hour12 = Number(match[1]);
  const minute = Number(match[2]);
  if (hour12 < 1 || hour12 > 12 || minute > 59) return null;
  return { hour: (hour12 % 12) + (match[3] === "PM" ? 12 : 0), minute };
}

/** Minutes since midnight of a 24-hour "HH:MM". */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! * 60 + minutes!;
}

/** "HH:MM" of minutes since midnight. */
export function clockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** A day the owner set apart: closed, or open at other hours (24-hour "HH:MM"), with a note visitors read. */
export interface SpecialDay {
  date: string;
  closed: boolean;
  opens: string | null;
  closes: string | null;
  note: string;
}

/** A stretch of an open day with no appointments ("HH:MM" to "HH:MM"); its reason is private. */
export interface BlockedTime {
  date: string;
  from: string;
  to: string;
}

/** The owner's exceptions to the weekly hours, for the days being asked about. */
export interface HoursExceptions {
  specialDays: readonly SpecialDay[];
  blockedTimes: readonly BlockedTime[];
}

export const NO_EXCEPTIONS: HoursExceptions = { specialDays: [], blockedTimes: [] };

/** The weekly hours of a day's weekday (app/config/store.ts), or null when the store never opens on it. */
export function weeklyHoursOn(date: string): { opens: string; closes: string } | null {
  const weekday = weekdayOf(date);
  const hours = store.hours.find((entry) => (entry.days as readonly string[]).includes(weekday));
  return hours ? { opens: hours.opens, closes: hours.closes } : null;
}

/** When the store is open on a day: a special day's hours (or none, closed) over the weekly hours. */
export function openingHoursOn(date: string, exceptions: HoursExceptions = NO_EXCEPTIONS): { opens: string; closes: string } | null {
  const special = exceptions.specialDays.find((day) => day.date === date);
  if (!special) return weeklyHoursOn(date);
  return special.closed || !special.opens || !special.closes ? null : { opens: special.opens, closes: special.closes };
}

/** Every bookable start on a day by the opening hours and the owner's exceptions, ignoring bookings and the clock. */
export function daySchedule(date: string, exceptions: HoursExceptions = NO_EXCEPTIONS): Slot[] {
  const hours = openingHoursOn(date, exceptions);
  if (!hours) return [];
  const blocked = exceptions.blockedTimes.filter((block) => block.date === date);
  const slots: Slot[] = [];
  for (let start = minutesOf(hours.opens); start + SLOT_MINUTES <= minutesOf(hours.closes); start += SLOT_MINUTES) {
    const end = start + SLOT_MINUTES;
    if (blocked.some((block) => minutesOf(block.from) < end && start < minutesOf(block.to))) continue;
    const hour = Math.floor(start / 60);
    const minute = start % 60;
    slots.push({ label: slotLabel(hour, minute), startsAt: storeTimeToInstant(date, hour, minute) });
  }
  return slots;
}

/** The instant a slot label starts on a day, whatever the schedule says (null for no label). */
export function slotStart(date: string, label: string): number | null {
  const clock = clockOfLabel(label);
  return clock && isCalendarDate(date) ? storeTimeToInstant(date, clock.hour, clock.minute) : null;
}

export type DateProblem = "invalid" | "past" | "too-far";

/** Whether a day can be booked at all, judged by the store's "today". */
export function checkBookingDate(date: string, now = Date.now()): DateProblem | null {
  if (!isCalendarDate(date)) return "invalid";
  const today = storeDate(now);
  if (date < today) return "past";
  if (date > addDays(today, BOOKING_WINDOW_DAYS)) return "too-far";
  return null;
}

/**
 * The times a visitor may still choose: on the schedule, not yet started, and
 * with a free seat. `booked` counts the appointments per slot label that day.
 */
export function availableSlots(
  date: string,
  {
    now = Date.now(),
    booked = new Map<string, number>(),
    capacity = 1,
    exceptions = NO_EXCEPTIONS,
  }: { now?: number; booked?: Map<string, number>; capacity?: number; exceptions?: HoursExceptions } = {},
): Slot[] {
  if (checkBookingDate(date, now)) return [];
  return daySchedule(date, exceptions).filter((slot) => slot.startsAt > now && (booked.get(slot.label) ?? 0) < capacity);
}

/** "10 AM", "4:30 PM": an hour as the special days line says it. */
function shortClock(time: string): string {
  const minutes = minutesOf(time);
  const hour = Math.floor(minutes / 60);
  const suffix = hour < 12 ? "AM" : "PM";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}${minutes % 60 ? `:${String(minutes % 60).padStart(2, "0")}` : ""} ${suffix}`;
}

/** "Thu Dec 24: 10 AM–3 PM", "Fri Dec 25: closed": one special day as the form pages list it. */
export function specialDayLabel(day: SpecialDay): string {
  const { weekday, day: dayLabel } = formatDayChoice(day.date);
  const hours = day.closed || !day.opens || !day.closes ? "closed" : `${shortClock(day.opens)}–${shortClock(day.closes)}`;
  return `${weekday} ${dayLabel}: ${hours}`;
}

/**
 * "We're closed Fri Dec 25.", "Thu Dec 24 we close at 3 PM.": one special day as a text or
 * e-mail to a customer says it, beside the weekly hours it changes. Plain ASCII (GSM-7).
 */
export function specialDaySentence(day: SpecialDay): string {
  const { weekday, day: dayLabel } = formatDayChoice(day.date);
  const when = `${weekday} ${dayLabel}`;
  if (day.closed || !day.opens || !day.closes) return `We're closed ${when}.`;
  const usual = weeklyHoursOn(day.date);
  if (usual?.opens === day.opens) return `${when} we close at ${shortClock(day.closes)}.`;
  if (usual?.closes === day.closes) return `${when} we open at ${shortClock(day.opens)}.`;
  return `${when} we're open ${shortClock(day.opens)}-${shortClock(day.closes)}.`;
}

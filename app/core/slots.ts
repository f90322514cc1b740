import { store } from "~/config/store";
import { parseDate, storeDate, storeTimeToInstant } from "./store-time";

// Appointment times, computed in the store's time zone (America/Chicago) from
// the opening hours in the store config: hourly from opening, the last start one
// hour before closing. Runs the same in the browser and in the Worker (Intl only).

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

function hourOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! + minutes! / 60;
}

/** Every bookable start on a day by the opening hours, ignoring bookings and the clock. */
export function daySchedule(date: string): Slot[] {
  const weekday = weekdayOf(date);
  const hours = store.hours.find((entry) => (entry.days as readonly string[]).includes(weekday));
  if (!hours) return [];
  const slots: Slot[] = [];
  const lastStart = hourOf(hours.closes) - SLOT_MINUTES / 60;
  for (let hour = hourOf(hours.opens); hour <= lastStart; hour += SLOT_MINUTES / 60) {
    slots.push({ label: slotLabel(hour), startsAt: storeTimeToInstant(date, hour) });
  }
  return slots;
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
  { now = Date.now(), booked = new Map<string, number>(), capacity = 1 } = {},
): Slot[] {
  if (checkBookingDate(date, now)) return [];
  return daySchedule(date).filter((slot) => slot.startsAt > now && (booked.get(slot.label) ?? 0) < capacity);
}

import { messaging } from "~/config/messaging";
import { addDays } from "./slots";
import { storeClock, storeTimeToInstant } from "./store-time";

// When an appointment's reminder goes out (docs/decisions/066): the day before
// the visit at 10:00 AM store time, or at booking when that has passed, and
// never in the quiet hours (9 PM to 8 AM). Every instant comes from the store's
// wall clock through store-time.ts, so the days the clocks change are right.

/** The first moment at or after `instant` that is outside the quiet hours, store time. */
export function outsideQuietHours(instant: number): number {
  const { date, hour } = storeClock(instant);
  const { startHour, endHour } = messaging.quietHours;
  if (hour >= startHour) return storeTimeToInstant(addDays(date, 1), endHour);
  if (hour < endHour) return storeTimeToInstant(date, endHour);
  return instant;
}

export function isQuietHour(instant: number): boolean {
  return outsideQuietHours(instant) !== instant;
}

/**
 * When to send the reminder of a visit booked (or moved) at `now`; null when no
 * moment outside the quiet hours is left before the visit starts.
 */
export function reminderTime(visit: { date: string; startsAt: number }, now: number): number | null {
  const planned = storeTimeToInstant(addDays(visit.date, -1), messaging.reminderHour);
  const due = outsideQuietHours(Math.max(planned, now));
  return due < visit.startsAt ? due : null;
}

import { messaging } from "~/config/messaging";
import { addDays, openingHoursOn, type HoursExceptions } from "./slots";
import { storeClock, storeTimeToInstant } from "./store-time";

// When an appointment's reminder goes out (docs/decisions/066): the day before
// the visit at 10:00 AM store time, or at booking when that has passed, and
// never in the quiet hours (9 PM to 8 AM). Every instant comes from the store's
// wall clock through store-time.ts, so the days the clocks change are right.

/** Store hours of a day a message may go in: from `startHour` until `endHour` (not included). */
export interface SendingHours {
  startHour: number;
  endHour: number;
}

/** The first moment at or after `instant` within `hours` of a store day (hours that cross midnight too, as the quiet ones do). */
export function withinSendingHours(instant: number, { startHour, endHour }: SendingHours): number {
  const { date, hour } = storeClock(instant);
  const inside = startHour < endHour ? hour >= startHour && hour < endHour : hour >= startHour || hour < endHour;
  if (inside) return instant;
  return storeTimeToInstant(hour < startHour ? date : addDays(date, 1), startHour);
}

/** The first moment at or after `instant` that is outside the quiet hours, store time. */
export function outsideQuietHours(instant: number): number {
  const { startHour, endHour } = messaging.quietHours;
  return withinSendingHours(instant, { startHour: endHour, endHour: startHour });
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

/** How many days ahead the review request looks for a day the store is open; past that it goes the next day anyway. */
const OPEN_DAY_SEARCH = 14;

/**
 * When the request for a review of a visit finished at `finishedAt` goes (decision 146): the next day the store
 * is open (its weekly hours and the owner's special days in `exceptions`), at the start of the review hours, so a
 * reply reaches a clerk at the counter and nobody gets it on a day the store keeps closed, a holiday.
 */
export function reviewRequestTime(finishedAt: number, exceptions: HoursExceptions): number {
  const next = addDays(storeClock(finishedAt).date, 1);
  let day = next;
  for (let ahead = 0; ahead < OPEN_DAY_SEARCH && !openingHoursOn(day, exceptions); ahead++) day = addDays(day, 1);
  return storeTimeToInstant(openingHoursOn(day, exceptions) ? day : next, messaging.reviewRequest.startHour);
}

/** The days `reviewRequestTime` looks at for a visit finished at `finishedAt` (to read their exceptions), first and last. */
export function reviewRequestDays(finishedAt: number): { from: string; to: string } {
  const from = addDays(storeClock(finishedAt).date, 1);
  return { from, to: addDays(from, OPEN_DAY_SEARCH) };
}

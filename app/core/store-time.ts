import { store } from "~/config/store";

// Every date and time the store shows or stores, in one place: the store's own
// time zone (America/Chicago), the instant a store-local time means, and the
// ways a day or an instant is written for visitors, staff and spreadsheets.
// Intl only, so it runs the same in the browser and in the Worker.

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const storeDateFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: store.timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const storeWallClockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: store.timeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

const longDayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
});

const isoParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: store.timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A real calendar day written YYYY-MM-DD (no 2026-02-30), as numbers; null otherwise. */
export function parseDate(date: string): { year: number; month: number; day: number } | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The store's calendar day (YYYY-MM-DD) at an instant. */
export function storeDate(instant: number | Date = Date.now()): string {
  return storeDateFormat.format(instant);
}

/** How far the store's wall clock is ahead of UTC at an instant, in ms (negative in Chicago). */
function storeOffsetAt(instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of storeWallClockFormat.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const wallClockAsUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wallClockAsUtc - (instant - (instant % 1000));
}

/**
 * The instant at which the store's clocks show `hour:minute` on `date`. The
 * offset is taken at that moment, not at midnight, so the days the clocks
 * change (2 AM) give the right instant for every opening hour.
 */
export function storeTimeToInstant(date: string, hour: number, minute = 0): number {
  const parts = parseDate(date);
  if (!parts) throw new Error(`not a calendar date: ${date}`);
  const wallClockAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, hour, minute);
  const firstGuess = wallClockAsUtc - storeOffsetAt(wallClockAsUtc);
  return wallClockAsUtc - storeOffsetAt(firstGuess);
}

/** "Tuesday, December 1, 2026" for a YYYY-MM-DD day. */
export function formatStoreDate(date: string): string {
  const parts = parseDate(date);
  return parts ? longDayFormat.format(Date.UTC(parts.year, parts.month - 1, parts.day, 12)) : date;
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: store.timeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

// Calendar days are formatted at noon UTC of that day: a day has no time zone.
const calendarDayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** An instant as the store's clock shows it, e.g. "Nov 21, 2026, 10:34 AM". */
export function formatStoreDateTime(epochMs: number): string {
  // Narrow no-break spaces differ between ICU versions; plain spaces read the same everywhere.
  return dateTimeFormat.format(epochMs).replace(/\u202f/g, " ");
}

/** A store-local calendar day (YYYY-MM-DD), e.g. "Sat, Nov 21, 2026"; shown as stored if malformed. */
export function formatCalendarDay(day: string): string {
  const parts = parseDate(day);
  return parts ? calendarDayFormat.format(Date.UTC(parts.year, parts.month - 1, parts.day, 12)) : day;
}

const dayChoiceFormats = {
  weekday: new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "short" }),
  day: new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" }),
};

/** A day as the scheduler's choice shows it: "Tue" over "Dec 1"; the day as stored if malformed. */
export function formatDayChoice(date: string): { weekday: string; day: string } {
  const parts = parseDate(date);
  if (!parts) return { weekday: "", day: date };
  const noon = Date.UTC(parts.year, parts.month - 1, parts.day, 12);
  return { weekday: dayChoiceFormats.weekday.format(noon), day: dayChoiceFormats.day.format(noon) };
}

/** "2026-11-21 10:34" in the store's time zone: sorts correctly in a spreadsheet. */
export function storeTimestamp(epochMs: number): string {
  const part = Object.fromEntries(isoParts.formatToParts(epochMs).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** The store's calendar day (YYYY-MM-DD) and wall-clock hour and minute at an instant. */
export function storeClock(epochMs: number): { date: string; hour: number; minute: number } {
  const part = Object.fromEntries(isoParts.formatToParts(epochMs).map((p) => [p.type, p.value]));
  return { date: `${part.year}-${part.month}-${part.day}`, hour: Number(part.hour), minute: Number(part.minute) };
}

const monthFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" });

/** "November 2026" for any YYYY-MM-DD day of that month; the day as stored if malformed. */
export function formatStoreMonth(date: string): string {
  const parts = parseDate(date);
  return parts ? monthFormat.format(Date.UTC(parts.year, parts.month - 1, 15)) : date;
}

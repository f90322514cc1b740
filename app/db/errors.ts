/**
 * Whether D1 refused a write because it would break a unique index whose first
 * column is `column` (e.g. "appointments.date" for the slot seats). drizzle
 * wraps D1's error, so the causes are searched too.
 */
export function isUniqueViolation(error: unknown, column: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes(`UNIQUE constraint failed: ${column}`)) return true;
  }
  return false;
}

/** The appointments' (date, time, slot_seat) index: the seat is held by another booking. */
export const SEAT_INDEX_COLUMN = "appointments.date";

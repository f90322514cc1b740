import { inArray, not, sql, type SQL } from "drizzle-orm";
import { signMessage } from "~/core/secret";
import { bookingCaps } from "~/config/booking";
import type { Db } from "~/db/client.server";
import { appointments, SEAT_RELEASING_STATUSES } from "~/db/schema";
import { toE164 } from "~/core/phone";
import { clientNetwork } from "~/http/client-network";

// The caps that keep one script from booking out the calendar (app/config/booking.ts,
// docs/decisions/051). They are part of the booking's INSERT, so parallel posts
// cannot slip past them; when an insert stores nothing, bookingCapReached says
// whether a cap (rather than a taken seat) was the reason.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Who is booking, as the caps count them. */
export interface Booker {
  /** The phone in E.164, so "+1 (901) 555-0100" and "901.555.0100" are one number (decision 105). */
  phoneKey: string;
  /** A keyed hash of the browser's booking cookie (a new one counts nothing yet). */
  visitorKey: string;
  /** A keyed hash of the client's network: its IPv4 address or IPv6 /64 (docs/decisions/134). */
  addressKey: string;
}

export type BookingCapReached = { cap: "phone" } | { cap: "visitor" | "address"; retryAfterSeconds: number };

/** The number in E.164, the spelling the form rules store; its digits for anything else, so a key is never empty by accident. */
export function phoneKey(phone: string): string {
  return toE164(phone) ?? phone.replace(/\D/g, "");
}

async function keyedHash(env: Pick<Env, "SESSION_SECRET">, purpose: string, value: string): Promise<string> {
  // Keyed by the current secret only: after a rotation, bookings made under the old one stop counting (decision 120).
  const digest = await signMessage(env, `booking-cap\u0000${purpose}\u0000${value}`);
  return Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function bookerOf(
  env: Pick<Env, "SESSION_SECRET">,
  input: { phone: string; ip: string; visitorId: string },
): Promise<Booker> {
  return {
    phoneKey: phoneKey(input.phone),
    visitorKey: await keyedHash(env, "booking-visitor", input.visitorId),
    addressKey: await keyedHash(env, "booking-address", clientNetwork(input.ip)),
  };
}

/** The booker's appointments under each cap: upcoming ones for the phone, every one made in the last 24 hours for browser and address. */
function heldBy(booker: Booker, now: number) {
  const dayAgo = now - DAY_MS;
  const madeToday = (key: SQL) => sql`FROM ${appointments} WHERE ${key} AND ${appointments.createdAt} > ${dayAgo}`;
  const byVisitor = madeToday(sql`${appointments.visitorKey} = ${booker.visitorKey}`);
  const byAddress = madeToday(sql`${appointments.addressKey} = ${booker.addressKey}`);
  return {
    // A cancelled (or spam, no-show) visit is not upcoming: it holds no seat and counts against no cap.
    phone: sql`(SELECT count(*) FROM ${appointments} WHERE ${appointments.phoneKey} = ${booker.phoneKey}
      AND ${appointments.startsAt} > ${now} AND ${not(inArray(appointments.status, SEAT_RELEASING_STATUSES))})`,
    visitor: sql`(SELECT count(*) ${byVisitor})`,
    address: sql`(SELECT count(*) ${byAddress})`,
    firstByVisitor: sql`(SELECT min(${appointments.createdAt}) ${byVisitor})`,
    firstByAddress: sql`(SELECT min(${appointments.createdAt}) ${byAddress})`,
  };
}

/** The WHERE of a booking's INSERT … SELECT: true while the booker is under every cap. */
export function withinBookingCaps(booker: Booker, now: number): SQL {
  const held = heldBy(booker, now);
  // Compiled SQL: one SELECT of five scalar subqueries and no FROM, which drizzle's builder cannot say.
  return sql`${held.phone} < ${bookingCaps.upcomingPerPhone}
    AND ${held.visitor} < ${bookingCaps.perVisitorPerDay}
    AND ${held.address} < ${bookingCaps.perAddressPerDay}`;
}

/**
 * The cap the booker has reached, if any. For a daily cap, also the seconds
 * until it frees a booking again (the oldest of the day's turns 24 hours old).
 */
export async function bookingCapReached(
  db: Db,
  booker: Booker,
  now: number,
): Promise<BookingCapReached | null> {
  const held = heldBy(booker, now);
  const [row] = await db.all<{ phone: number; visitor: number; address: number; firstByVisitor: number; firstByAddress: number }>(sql`
    SELECT ${held.phone} AS phone, ${held.visitor} AS visitor, ${held.address} AS address,
      ${held.firstByVisitor} AS firstByVisitor, ${held.firstByAddress} AS firstByAddress`);
  if (!row) return null;
  const untilFreed = (first: number) => Math.max(1, Math.ceil((first + DAY_MS - now) / 1000));
  if (row.phone >= bookingCaps.upcomingPerPhone) return { cap: "phone" };
  if (row.visitor >= bookingCaps.perVisitorPerDay) return { cap: "visitor", retryAfterSeconds: untilFreed(row.firstByVisitor) };
  if (row.address >= bookingCaps.perAddressPerDay) return { cap: "address", retryAfterSeconds: untilFreed(row.firstByAddress) };
  return null;
}

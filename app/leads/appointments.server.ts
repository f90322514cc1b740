import { and, between, count, eq, notInArray, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { appointments, SEAT_RELEASING_STATUSES } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { leadEmail } from "./staff-email";
import { visitMessages } from "./appointment-messages.server";
import { justBooked } from "./booking-flash.server";
import { bookerOf, bookingCapReached, phoneKey, withinBookingCaps, type BookingCapReached } from "./booking-caps.server";
import { recordSmsConsent } from "./consent.server";
import type { CalendarAppointment } from "~/core/ics";
import { leadFormLoaderData, type LeadIntake } from "./intake.server";
import { managePath, manageToken } from "./manage-token.server";
import { formatPhone, textablePhone } from "~/core/phone";
import type { Availability, BookedAppointment, BookingRequest } from "./rules/appointment";
import { storeLead } from "./save.server";
import { addDays, availableSlots, BOOKING_WINDOW_DAYS, SCHEDULER_DAYS, SCHEDULER_SEARCH_DAYS, type SpecialDay } from "~/core/slots";
import { checkSlot, hoursExceptions, specialDaysWithin } from "~/hours/exceptions.server";
import { formatStoreDate, storeDate } from "~/core/store-time";

/** Seats per slot from [vars] APPOINTMENT_SLOT_CAPACITY; 1 unless set to a sane whole number. */
export function appointmentSlotCapacity(env: Pick<Env, "APPOINTMENT_SLOT_CAPACITY">): number {
  const capacity = Number(env.APPOINTMENT_SLOT_CAPACITY ?? "1");
  return Number.isInteger(capacity) && capacity >= 1 && capacity <= 20 ? capacity : 1;
}

/** The times still open on a day, as the booking form shows them. */
export async function openSlots(env: Env, date: string | null): Promise<Availability | null> {
  if (!date) return null;
  const checkedAt = Date.now();
  const booked = await getDb(env)
    .select({ time: appointments.time, taken: count() })
    .from(appointments)
    // A cancelled, spam or no-show appointment no longer holds its seat.
    .where(and(eq(appointments.date, date), notInArray(appointments.status, SEAT_RELEASING_STATUSES)))
    .groupBy(appointments.time);
  const slots = availableSlots(date, {
    now: checkedAt,
    booked: new Map(booked.map((row) => [row.time, row.taken])),
    capacity: appointmentSlotCapacity(env),
    exceptions: await hoursExceptions(env, date, date),
  });
  return { date, slots: slots.map((slot) => slot.label), checkedAt };
}

/**
 * The scheduler's days: the next SCHEDULER_DAYS days that still have an open time, each with its
 * times, from one query over the days it looks at (SCHEDULER_SEARCH_DAYS from today).
 */
export async function openDays(env: Env, today: string): Promise<Availability[]> {
  const checkedAt = Date.now();
  const last = addDays(today, SCHEDULER_SEARCH_DAYS - 1);
  const rows = await getDb(env)
    .select({ date: appointments.date, time: appointments.time, taken: count() })
    .from(appointments)
    .where(and(between(appointments.date, today, last), notInArray(appointments.status, SEAT_RELEASING_STATUSES)))
    .groupBy(appointments.date, appointments.time);
  const exceptions = await hoursExceptions(env, today, last);
  const capacity = appointmentSlotCapacity(env);
  const days: Availability[] = [];
  for (let offset = 0; offset < SCHEDULER_SEARCH_DAYS && days.length < SCHEDULER_DAYS; offset++) {
    const date = addDays(today, offset);
    const booked = new Map(rows.filter((row) => row.date === date).map((row) => [row.time, row.taken]));
    const slots = availableSlots(date, { now: checkedAt, booked, capacity, exceptions });
    if (slots.length > 0) days.push({ date, slots: slots.map((slot) => slot.label), checkedAt });
  }
  return days;
}

async function findBooking(env: Env, reference: string): Promise<BookedAppointment | null> {
  if (!/^[0-9a-f-]{36}$/.test(reference)) return null;
  const row = await getDb(env).query.appointments.findFirst({
    columns: { submissionToken: true, date: true, time: true, service: true },
    where: eq(appointments.submissionToken, reference),
  });
  return row?.submissionToken ? bookedAppointment(env, { ...row, reference: row.submissionToken }) : null;
}

/** A booking as its calendar file shows it: where it stands now, and its revision. */
export async function calendarAppointment(env: Env, reference: string): Promise<CalendarAppointment | null> {
  if (!/^[0-9a-f-]{36}$/.test(reference)) return null;
  const row = await getDb(env).query.appointments.findFirst({
    columns: { date: true, time: true, service: true, sequence: true, status: true },
    where: eq(appointments.submissionToken, reference),
  });
  if (!row) return null;
  const { status, ...rest } = row;
  return { reference, ...rest, cancelled: SEAT_RELEASING_STATUSES.includes(status) };
}

async function bookedAppointment(env: Env, booking: Omit<BookedAppointment, "managePath">): Promise<BookedAppointment> {
  const { reference, date, time, service } = booking;
  return { reference, date, time, service, managePath: managePath(await manageToken(env, reference)) };
}

/** How many days ahead the form pages name the store's special days. */
const SPECIAL_DAYS_AHEAD = 14;

/** The special days of the next two weeks, as the form pages (/book, /contactus) show them. */
export async function specialDaysAhead(env: Env, today = storeDate()): Promise<SpecialDay[]> {
  return specialDaysWithin(env, today, SPECIAL_DAYS_AHEAD);
}

/**
 * What /book needs: a token, the bookable range, the scheduler's days, a day's
 * times, and the booking to confirm, only for the browser that just made it.
 */
export async function bookingSetup(context: Readonly<RouterContextProvider>, request: Request) {
  const { env } = getCloudflare(context);
  const url = new URL(request.url);
  const today = storeDate();
  const reference = url.searchParams.get("booking");
  const bookingReference = reference && (await justBooked(env, request, reference)) ? reference : null;
  return {
    ...(await leadFormLoaderData(context, "appointment")),
    today,
    lastDate: addDays(today, BOOKING_WINDOW_DAYS),
    availability: await openSlots(env, url.searchParams.get("date")),
    days: await openDays(env, today),
    specialDays: await specialDaysAhead(env, today),
    booked: bookingReference ? await findBooking(env, bookingReference) : null,
  };
}

export type BookingOutcome =
  | { status: "booked"; booking: BookedAppointment }
  /** The day is closed, or the time is not one of its slots (the owner's exceptions): nothing was stored. */
  | { status: "not-open"; problem: "closed" | "not-offered" }
  /** Every seat of the slot is taken. */
  | { status: "taken" }
  /** The booker is past a booking cap (app/config/booking.ts); nothing was stored. */
  | ({ status: "capped" } & BookingCapReached);

/** Who books: a visitor on /book (held to the booking caps), or a clerk for a caller (not held to them). */
export type BookingSource = { visitorId: string } | { clerk: string };

/**
 * Takes the first free seat of the slot, if the day and time are open by the
 * one availability source and a visitor is within the booking caps. The unique
 * index on (date, time, slot_seat) decides races for a seat, for visitors and
 * clerks alike: of many posts for the last seat exactly one insert succeeds; the
 * caps are part of the same INSERT, so parallel posts cannot pass them either. A
 * resubmitted token finds its own earlier booking. Throws if D1 fails.
 */
export async function bookAppointment(
  context: Readonly<RouterContextProvider>,
  intake: Pick<Extract<LeadIntake<BookingRequest>, { ok: true }>, "value" | "submissionId" | "ip">,
  source: BookingSource,
): Promise<BookingOutcome> {
  const { env } = getCloudflare(context);
  const db = getDb(env);
  const now = Date.now();
  const { email, smsConsent, ...appointment } = intake.value;
  const open = await checkSlot(env, appointment.date, appointment.time);
  if (!open.ok) return { status: "not-open", problem: open.problem };
  const visitor = "visitorId" in source ? await bookerOf(env, { phone: appointment.phone, ip: intake.ip, visitorId: source.visitorId }) : null;
  const keys = visitor ?? { phoneKey: phoneKey(appointment.phone), visitorKey: null, addressKey: null };
  const slot = { startsAt: open.startsAt };
  const staffEmail = await leadEmail(
    "appointment",
    [
      ["Name", appointment.name],
      ["Phone", formatPhone(appointment.phone)],
      ["Date", formatStoreDate(appointment.date)],
      ["Time", appointment.time],
      ["Service", appointment.service],
      ...(email ? [["E-mail", email] as [string, string]] : []),
      ["Texts", smsConsent ? "Agreed to a confirmation and a reminder by text" : "No"],
      ...("clerk" in source ? [["Booked by phone", source.clerk] as [string, string]] : []),
    ],
    { replyTo: email },
  );
  // Confirmations and the reminder, on each channel the visitor chose (docs/decisions/065, 066).
  const visitorMessages = await visitMessages(
    env,
    {
      ...appointment,
      reference: intake.submissionId,
      sequence: 0,
      startsAt: slot.startsAt,
      email: email ?? null,
      textTo: smsConsent ? textablePhone(appointment.phone) : null,
    },
    now,
  );
  const lead = { kind: "appointment", submissionId: intake.submissionId } as const;
  for (let seat = 0; seat < appointmentSlotCapacity(env); seat++) {
    const outcome = await storeLead(db, context, {
      kind: "appointment",
      submissionId: intake.submissionId,
      now,
      // A visit a clerk booked for a caller is not news to the staff.
      push: "clerk" in source ? undefined : { name: appointment.name, preview: `${appointment.service}, ${formatStoreDate(appointment.date)} at ${appointment.time}` },
      insert: insertSelect(
        db,
        appointments,
        {
          id: sql`NULL`,
          name: sql`${appointment.name}`,
          phone: sql`${appointment.phone}`,
          date: sql`${appointment.date}`,
          time: sql`${appointment.time}`,
          service: sql`${appointment.service}`,
          createdAt: sql`${now}`,
          startsAt: sql`${slot.startsAt}`,
          slotSeat: sql`${seat}`,
          submissionToken: sql`${intake.submissionId}`,
          email: sql`${email ?? null}`,
          changeId: sql`NULL`,
          sequence: sql`0`,
          status: sql`'new'`,
          version: sql`1`,
          updatedBy: sql`NULL`,
          updatedAt: sql`NULL`,
          phoneKey: sql`${keys.phoneKey}`,
          visitorKey: sql`${keys.visitorKey}`,
          addressKey: sql`${keys.addressKey}`,
        },
        // The caps protect the public form; a clerk booking a caller is not held to them.
        visitor ? sql`WHERE ${withinBookingCaps(visitor, now)}` : sql``,
      )
        .onConflictDoNothing()
        .returning({ id: appointments.id, createdAt: appointments.createdAt }),
      alongside: smsConsent
        ? [recordSmsConsent(db, lead, { phone: appointment.phone, ip: intake.ip, now, ...("clerk" in source ? { readAloudBy: source.clerk } : {}) })]
        : [],
      staffEmail,
      visitorMessages,
    });
    if (outcome.status === "stored") {
      return { status: "booked", booking: await bookedAppointment(env, { reference: intake.submissionId, ...appointment }) };
    }
    if (outcome.status === "resubmitted") {
      const booking = await findBooking(env, intake.submissionId);
      return booking ? { status: "booked", booking } : { status: "taken" };
    }
    const capped = visitor ? await bookingCapReached(db, visitor, now) : null;
    if (capped) return { status: "capped", ...capped };
  }
  return { status: "taken" };
}

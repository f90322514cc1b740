import { count, eq } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import {
  BookingSchema,
  RESPOND_INLINE_FIELD,
  TIME_MESSAGES,
  type Availability,
  type BookingRequest,
} from "~/leads/rules/appointment";
import { getDb, type Db } from "~/db/client.server";
import { appointments } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { dashboardUrl, leadFormLoaderData, refuseLead, takeLeadSubmission } from "~/leads/intake.server";
import { leadEmail } from "~/mail/staff-email";
import { afterLeadStored } from "~/leads/save.server";
import { queueLeadEmail } from "~/mail/outbox.server";
import { addDays, availableSlots, BOOKING_WINDOW_DAYS, daySchedule, formatStoreDate, storeDate } from "~/leads/slots";
import { dataWithToast, redirectWithToast } from "~/http/toast.server";

export const APPOINTMENT_MESSAGES = {
  success: "Appointment booked successfully!",
  failure: "Something went wrong. Try again!",
} as const;

/** Seats per slot from [vars] APPOINTMENT_SLOT_CAPACITY; 1 unless set to a sane whole number. */
export function appointmentSlotCapacity(env: Pick<Env, "APPOINTMENT_SLOT_CAPACITY">): number {
  const capacity = Number(env.APPOINTMENT_SLOT_CAPACITY ?? "1");
  return Number.isInteger(capacity) && capacity >= 1 && capacity <= 20 ? capacity : 1;
}

/** A stored booking as the visitor may see it again (no name or phone). */
export interface BookedAppointment {
  reference: string;
  date: string;
  time: string;
  service: string;
}

async function openSlots(env: Env, date: string | null): Promise<Availability | null> {
  if (!date) return null;
  const checkedAt = Date.now();
  const booked = await getDb(env)
    .select({ time: appointments.time, taken: count() })
    .from(appointments)
    .where(eq(appointments.date, date))
    .groupBy(appointments.time);
  const slots = availableSlots(date, {
    now: checkedAt,
    booked: new Map(booked.map((row) => [row.time, row.taken])),
    capacity: appointmentSlotCapacity(env),
  });
  return { date, slots: slots.map((slot) => slot.label), checkedAt };
}

export async function findBooking(db: Db, reference: string): Promise<BookedAppointment | null> {
  if (!/^[0-9a-f-]{36}$/.test(reference)) return null;
  const row = await db.query.appointments.findFirst({
    columns: { submissionToken: true, date: true, time: true, service: true },
    where: eq(appointments.submissionToken, reference),
  });
  return row?.submissionToken ? { reference: row.submissionToken, date: row.date, time: row.time, service: row.service } : null;
}

export async function bookLoader(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getCloudflare(context);
  const url = new URL(request.url);
  const today = storeDate();
  const bookingReference = url.searchParams.get("booking");
  return {
    ...(await leadFormLoaderData(context, "appointment")),
    today,
    lastDate: addDays(today, BOOKING_WINDOW_DAYS),
    availability: await openSlots(env, url.searchParams.get("date")),
    booked: bookingReference ? await findBooking(getDb(env), bookingReference) : null,
  };
}

type BookingOutcome =
  | { kind: "created"; id: number; createdAt: Date; outboxId: number | undefined }
  | { kind: "already-booked"; booking: BookedAppointment }
  | { kind: "taken" };

/**
 * Takes the first free seat of the slot. The unique index on (date, time,
 * slot_seat) decides races: of many posts for the last seat exactly one
 * insert succeeds; a resubmitted token finds its own earlier booking.
 */
async function storeAppointment(
  env: Env,
  request: Request,
  submissionId: string,
  appointment: BookingRequest,
): Promise<BookingOutcome> {
  const db = getDb(env);
  const now = Date.now();
  const slot = daySchedule(appointment.date).find((candidate) => candidate.label === appointment.time)!;
  const staffEmail = leadEmail(
    "appointment",
    [
      ["Name", appointment.name],
      ["Phone", appointment.phone],
      ["Date", formatStoreDate(appointment.date)],
      ["Time", appointment.time],
      ["Service", appointment.service],
    ],
    dashboardUrl(request),
  );
  for (let seat = 0; seat < appointmentSlotCapacity(env); seat++) {
    const [inserted, queued] = await db.batch([
      db
        .insert(appointments)
        .values({
          ...appointment,
          createdAt: new Date(now),
          startsAt: new Date(slot.startsAt),
          slotSeat: seat,
          submissionToken: submissionId,
        })
        .onConflictDoNothing()
        .returning({ id: appointments.id, createdAt: appointments.createdAt }),
      queueLeadEmail(db, "appointment", submissionId, staffEmail, now),
    ]);
    const created = inserted[0];
    if (created) return { kind: "created", ...created, outboxId: queued[0]?.id };
    const earlier = await findBooking(db, submissionId);
    if (earlier) return { kind: "already-booked", booking: earlier };
  }
  return { kind: "taken" };
}

export async function bookAppointment(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getCloudflare(context);
  const formData = await request.formData();
  const respondInline = formData.get(RESPOND_INLINE_FIELD) === "inline";
  const requestedDate = formData.get("date");
  const availabilityFor = () => openSlots(env, typeof requestedDate === "string" ? requestedDate.trim() || null : null);

  const intake = await takeLeadSubmission(request, context, "appointment", BookingSchema, formData);
  if (!intake.ok) return refuseLead(intake, { availability: await availabilityFor() });

  let outcome: BookingOutcome;
  try {
    outcome = await storeAppointment(env, request, intake.submissionId, intake.value);
  } catch (error) {
    console.error("appointment insert failed", error);
    return dataWithToast(
      context,
      { result: intake.reply(), availability: await availabilityFor().catch(() => null) },
      { type: "error", message: APPOINTMENT_MESSAGES.failure },
      { status: 503 },
    );
  }

  if (outcome.kind === "taken") {
    return data(
      {
        result: intake.reply({ fieldErrors: { time: [TIME_MESSAGES.taken] } }),
        availability: await availabilityFor(),
      },
      { status: 409 },
    );
  }

  let booking: BookedAppointment;
  if (outcome.kind === "created") {
    const { date, time, service } = intake.value;
    booking = { reference: intake.submissionId, date, time, service };
    afterLeadStored(context, "appointments", outcome, outcome.outboxId);
  } else {
    booking = outcome.booking;
  }

  const success = { type: "success", message: APPOINTMENT_MESSAGES.success } as const;
  if (respondInline) return dataWithToast(context, { booked: booking }, success, { status: 200 });
  return redirectWithToast(`/book?${new URLSearchParams({ booking: booking.reference })}`, success);
}

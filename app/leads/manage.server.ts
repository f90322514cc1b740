import { and, eq, notInArray, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getDb, type Db } from "~/db/client.server";
import { isUniqueViolation, SEAT_INDEX_COLUMN } from "~/db/errors";
import { insertSelect } from "~/db/insert-select";
import type { LeadStatus } from "~/core/lead-statuses";
import { appointments, consentRecords, leadEvents, SEAT_RELEASING_STATUSES } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { announceLeadChange } from "../../party/client.server";
import { emailMessage, queueLeadMessage, withdrawLeadMessages, type OutgoingMessage } from "~/messaging/outbox.server";
import { deliverQueued } from "~/messaging/outbox-delivery.server";
import { appointmentChangedEmail } from "./staff-email";
import { cancellationMessages, visitMessages } from "./appointment-messages.server";
import { appointmentSlotCapacity, openDays } from "./appointments.server";
import { checkSlot } from "~/hours/exceptions.server";
import { calendarPath } from "~/core/ics";
import { verifyManageToken } from "./manage-token.server";
import { formatPhone, textablePhone } from "~/core/phone";
import { checkBookingDate, SLOT_MINUTES } from "~/core/slots";
import { formatCalendarDay, formatStoreDate, storeDate } from "~/core/store-time";

// The visitor's own changes to a booking, from the manage page its confirmation
// links to (docs/decisions/067). Cancel and reschedule are each one D1 batch:
// the change itself, guarded by what the visitor saw (so a replayed or stale
// post changes nothing), then what follows it (history, staff e-mail, the
// visitor's new confirmation and reminder, the old reminder withdrawn), each
// keyed to the change's id so it happens only if the change did. Each change
// raises the calendar file's SEQUENCE by one (docs/decisions/093), and the
// visitor is told on the channels they chose, with the updated file attached.

export interface ManagedAppointment {
  id: number;
  reference: string;
  name: string;
  phone: string;
  email: string | null;
  date: string;
  time: string;
  service: string;
  startsAt: number;
  status: LeadStatus;
  /** The calendar file's SEQUENCE as it stands. */
  sequence: number;
}

export type ManageLookup =
  /** Not a token we signed (tampered, truncated, made up). */
  | { state: "invalid" }
  /** Genuine, but the booking is gone (deleted by staff or by retention). */
  | { state: "not-found" }
  /** The visit has ended: the link no longer changes anything. */
  | { state: "ended"; appointment: ManagedAppointment }
  /** Cancelled (by the visitor or staff), or closed as spam or no-show: it holds no seat. */
  | { state: "cancelled"; appointment: ManagedAppointment }
  | { state: "active"; appointment: ManagedAppointment };

const SLOT_MS = SLOT_MINUTES * 60 * 1000;

export async function lookUpManagedAppointment(env: Env, token: unknown, now = Date.now()): Promise<ManageLookup> {
  const reference = await verifyManageToken(env, token);
  if (!reference) return { state: "invalid" };
  return lookUpAppointment(env, eq(appointments.submissionToken, reference), now);
}

/** The same look-up by the record's id, for staff who move or cancel a visit for the customer. */
export async function appointmentById(env: Env, id: number, now = Date.now()): Promise<ManageLookup> {
  return lookUpAppointment(env, eq(appointments.id, id), now);
}

async function lookUpAppointment(env: Env, where: ReturnType<typeof eq>, now: number): Promise<ManageLookup> {
  const row = await getDb(env).query.appointments.findFirst({
    columns: {
      id: true,
      name: true,
      phone: true,
      email: true,
      date: true,
      time: true,
      service: true,
      startsAt: true,
      status: true,
      sequence: true,
      submissionToken: true,
    },
    where,
  });
  // A booking made before its token was kept has no manage link or calendar file to update.
  if (!row?.submissionToken) return { state: "not-found" };
  const { submissionToken: reference, ...rest } = row;
  const appointment = { ...rest, reference, startsAt: row.startsAt.getTime() };
  if (now >= appointment.startsAt + SLOT_MS) return { state: "ended", appointment };
  if (SEAT_RELEASING_STATUSES.includes(row.status)) return { state: "cancelled", appointment };
  return { state: "active", appointment };
}

/** What a manage form carries of the booking it was shown, so a stale or replayed post is refused. */
export function slotKey(appointment: { date: string; time: string }): string {
  return `${appointment.date} ${appointment.time}`;
}

export function describeSlot(slot: { date: string; time: string }): string {
  return `${formatCalendarDay(slot.date)} at ${slot.time}`;
}

/** Still holds its seat, at the date and time the visitor saw, and nobody changed it since (its SEQUENCE). */
function unchangedSince(appointment: ManagedAppointment) {
  return and(
    eq(appointments.id, appointment.id),
    eq(appointments.date, appointment.date),
    eq(appointments.time, appointment.time),
    eq(appointments.sequence, appointment.sequence),
    notInArray(appointments.status, SEAT_RELEASING_STATUSES),
  );
}

/** Where the visitor asked to hear about their booking: their e-mail, and their number if they agreed to texts. */
export async function visitorChannels(db: Db, appointment: { id: number; phone: string; email: string | null }) {
  const consented = await db.query.consentRecords.findFirst({ columns: { id: true }, where: eq(consentRecords.appointmentId, appointment.id) });
  return { email: appointment.email, textTo: consented ? textablePhone(appointment.phone) : null };
}

/**
 * Who changes a booking: the visitor from their manage page, or a clerk for them
 * (the customer is told the same way, with the calendar file's SEQUENCE raised).
 */
export type ChangedBy = { visitor: true } | { clerk: string };

const byLabel = (by: ChangedBy) => ("clerk" in by ? `by ${by.clerk}` : "by the visitor");

function recordEvent(db: Db, change: { id: number; changeId: string }, type: "cancelled" | "rescheduled", detail: string, now: number) {
  return insertSelect(
    db,
    leadEvents,
    {
      id: sql`NULL`,
      leadKind: sql`'appointment'`,
      recordId: sql`${appointments.id}`,
      type: sql`${type}`,
      detail: sql`${detail}`,
      createdAt: sql`${now}`,
    },
    sql`FROM ${appointments} WHERE ${appointments.id} = ${change.id} AND ${appointments.changeId} = ${change.changeId}`,
  );
}

function staffRows(appointment: ManagedAppointment, extra: [string, string][]): [string, string][] {
  return [["Name", appointment.name], ["Phone", formatPhone(appointment.phone)], ["Service", appointment.service], ...extra];
}

/** A new version of the status (docs/decisions/106), so a clerk's save from before it does not undo this change. */
function changedBy(by: ChangedBy, now: number) {
  return { version: sql`${appointments.version} + 1`, updatedBy: "clerk" in by ? by.clerk : "the visitor", updatedAt: new Date(now) };
}

/** The store's own e-mail about a change: staff hear of a visitor's change; a clerk's own needs no e-mail. */
function staffNotice(db: Db, change: { kind: "appointment"; id: number; changeId: string }, by: ChangedBy, email: Parameters<typeof emailMessage>[1], now: number) {
  return "clerk" in by ? [] : [queueLeadMessage(db, change, emailMessage("appointment-changed", email), now)];
}

/** After a committed change: open dashboards refresh, and what is due is sent. */
function afterChange(context: Readonly<RouterContextProvider>, id: number, queued: unknown[], now: number) {
  const { env, ctx } = getCloudflare(context);
  ctx.waitUntil(announceLeadChange(env, "appointment", id));
  deliverQueued(env, ctx, queued.flat() as { id: number; nextAttemptAt: Date }[], now);
}

/** "stale": it changed since the page was shown (or was already cancelled); nothing was done. */
export async function cancelAppointment(
  context: Readonly<RouterContextProvider>,
  appointment: ManagedAppointment,
  by: ChangedBy = { visitor: true },
): Promise<"cancelled" | "stale"> {
  const db = getDb(getCloudflare(context).env);
  const now = Date.now();
  const change = { kind: "appointment", id: appointment.id, changeId: crypto.randomUUID() } as const;
  const was = describeSlot(appointment);
  const sequence = appointment.sequence + 1;
  const visitorMessages = await cancellationMessages({ ...appointment, sequence, ...(await visitorChannels(db, appointment)) }, now);
  const [updated, , , ...queued] = await db.batch([
    db
      .update(appointments)
      .set({ status: "cancelled", changeId: change.changeId, sequence, ...changedBy(by, now) })
      .where(unchangedSince(appointment))
      .returning({ id: appointments.id }),
    recordEvent(db, change, "cancelled", `Cancelled ${byLabel(by)} (was ${was}).`, now),
    withdrawLeadMessages(db, change, "reminder", "clerk" in by ? "Staff cancelled the appointment." : "The visitor cancelled the appointment."),
    ...staffNotice(db, change, by, await appointmentChangedEmail("cancelled", staffRows(appointment, [["Was", was]]), appointment.id, appointment.email), now),
    ...visitorMessages.map((message) => queueLeadMessage(db, change, message, now)),
  ]);
  if (updated.length === 0) return "stale";
  afterChange(context, appointment.id, queued, now);
  return "cancelled";
}

export type RescheduleOutcome = "moved" | "taken" | "stale" | "closed" | "not-offered";

/**
 * Moves the booking to a new slot in one statement, so the new seat is taken
 * and the old one freed at the same instant. The unique index decides races,
 * exactly as for a new booking: if every seat of the new slot is taken, the
 * batch rolls back and the visitor keeps the old time. The new slot must be open
 * by the one availability source (a closed day or blocked time is refused).
 */
export async function rescheduleAppointment(
  context: Readonly<RouterContextProvider>,
  appointment: ManagedAppointment,
  target: { date: string; time: string },
  by: ChangedBy = { visitor: true },
): Promise<RescheduleOutcome> {
  const { env } = getCloudflare(context);
  const db = getDb(env);
  const now = Date.now();
  const open = await checkSlot(env, target.date, target.time);
  if (!open.ok) return open.problem;
  const { startsAt } = open;
  const was = describeSlot(appointment);
  const moved = describeSlot(target);
  const sequence = appointment.sequence + 1;
  const visitorMessages: OutgoingMessage[] = await visitMessages(
    env,
    { ...appointment, ...target, startsAt, sequence, ...(await visitorChannels(db, appointment)) },
    now,
    "moved",
  );
  const staffEmail = await appointmentChangedEmail(
    "rescheduled",
    staffRows(appointment, [["Was", was], ["Now", moved]]),
    appointment.id,
    appointment.email,
  );

  for (let seat = 0; seat < appointmentSlotCapacity(env); seat++) {
    const change = { kind: "appointment", id: appointment.id, changeId: crypto.randomUUID() } as const;
    try {
      const [updated, , , ...queued] = await db.batch([
        db
          .update(appointments)
          .set({ ...target, startsAt: new Date(startsAt), slotSeat: seat, status: "rescheduled", changeId: change.changeId, sequence, ...changedBy(by, now) })
          .where(unchangedSince(appointment))
          .returning({ id: appointments.id }),
        recordEvent(db, change, "rescheduled", `Moved ${byLabel(by)} from ${was} to ${moved}.`, now),
        withdrawLeadMessages(db, change, "reminder", "The appointment was moved; the new time has its own reminder."),
        ...staffNotice(db, change, by, staffEmail, now),
        ...visitorMessages.map((message) => queueLeadMessage(db, change, message, now)),
      ]);
      if (updated.length === 0) return "stale";
      afterChange(context, appointment.id, queued, now);
      return "moved";
    } catch (error) {
      if (!isUniqueViolation(error, SEAT_INDEX_COLUMN)) throw error;
    }
  }
  return "taken";
}

// ---------------------------------------------------------------- the page

/** What the manage page shows of a booking: no name, phone or e-mail, only the visit. */
function visitOf(appointment: ManagedAppointment) {
  const { date, time, service, status } = appointment;
  return {
    date,
    time,
    service,
    status,
    dateLabel: formatStoreDate(date),
    whenLabel: describeSlot(appointment),
    current: slotKey(appointment),
    calendarPath: calendarPath(appointment.reference),
  };
}

export type ManageStep = "overview" | "cancel" | "reschedule" | "review";

/**
 * The manage page's data for its URL: which booking, and which step
 * (?step=cancel, ?step=reschedule&date=, ?step=review&date=&time=). Every step
 * is a GET that changes nothing; only the buttons on the last steps post. The
 * reschedule step offers the same days as /book's scheduler (the next
 * SCHEDULER_DAYS days with open times), each with its times.
 */
export async function managePage(env: Env, token: string, url: URL, now = Date.now()) {
  const lookup = await lookUpManagedAppointment(env, token, now);
  if (lookup.state === "invalid" || lookup.state === "not-found") return { state: "not-found" as const };
  const visit = visitOf(lookup.appointment);
  if (lookup.state !== "active") return { state: lookup.state, visit };

  const requested = url.searchParams.get("step");
  const step: ManageStep = requested === "cancel" || requested === "reschedule" || requested === "review" ? requested : "overview";
  const choosing = step === "reschedule" || step === "review";
  const days = choosing ? await openDays(env, storeDate(now)) : [];
  const dateParam = url.searchParams.get("date");
  // Only a day the scheduler offers: a day typed into the URL beyond them, or closed since, is not.
  const availability = days.find((day) => day.date === dateParam) ?? null;
  const date = availability && !checkBookingDate(availability.date, now) ? availability.date : null;
  const time = url.searchParams.get("time");
  // A review of a time that is not open (taken meanwhile, or typed into the URL) goes back to choosing.
  const target = step === "review" && date && time && availability?.slots.includes(time) ? { date, time, label: describeSlot({ date, time }) } : null;
  return {
    state: "active" as const,
    visit,
    step: step === "review" && !target ? ("reschedule" as const) : step,
    /** The scheduler's days, each with its times (the page shows a day's times at once with JavaScript). */
    days,
    date,
    dateLabel: date ? formatCalendarDay(date) : null,
    /** A day was asked for that the scheduler does not offer (closed, full or too far). */
    dayNotOffered: choosing && Boolean(dateParam) && !date,
    availability,
    target,
    timeNotOpen: step === "review" && !target && Boolean(time),
  };
}

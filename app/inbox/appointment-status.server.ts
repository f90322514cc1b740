import { and, eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
import { isUniqueViolation, SEAT_INDEX_COLUMN } from "~/db/errors";
import type { LeadStatus } from "~/core/lead-statuses";
import { appointments, SEAT_RELEASING_STATUSES } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { queueLeadMessage, withdrawLeadMessages } from "~/messaging/outbox.server";
import { deliverQueued } from "~/messaging/outbox-delivery.server";
import { outcomeOfStaleSave, statusChangeEvent, type UpdateOutcome } from "~/inbox/queries.server";
import { cancellationMessages, visitMessages } from "~/leads/appointment-messages.server";
import { visitorChannels } from "~/leads/manage.server";
import { reviewRequestStatements } from "~/records/review-request.server";

// Staff set an appointment's status from the dashboard. When the
// status moves the visit in or out of its seat (cancelled, spam, no-show and
// back), the calendar file's SEQUENCE goes up, so the file the visitor's link
// serves replaces the one their calendar holds (docs/decisions/093). When staff
// cancel a visit that is still ahead, the visitor is told on the channels they
// chose, in the same batch, and its unsent reminders are withdrawn. When staff
// undo that cancel, the visitor is told the visit is on again (a confirmation
// with the calendar file at the new SEQUENCE) and gets a reminder again. When
// staff mark it Done, the visitor is asked for a review the next day (decision 146).

const holdsSeat = (status: LeadStatus) => !SEAT_RELEASING_STATUSES.includes(status);

/**
 * Saves over the version the clerk's form started from (docs/decisions/106): a
 * change made since, by staff or by the visitor, is never overwritten.
 */
export async function setAppointmentStatus(
  context: Readonly<RouterContextProvider>,
  id: number,
  changes: { status: LeadStatus; version: number },
  by: { email: string; now: number },
): Promise<UpdateOutcome> {
  const { env, ctx } = getCloudflare(context);
  const db = getDb(env);
  const { now } = by;
  const appointment = await db.query.appointments.findFirst({ where: eq(appointments.id, id) });
  if (!appointment) return { outcome: "not-found" };
  if (appointment.version !== changes.version) return outcomeOfStaleSave(env, "appointment", id, changes);
  const moves = holdsSeat(appointment.status) !== holdsSeat(changes.status);
  const sequence = appointment.sequence + (moves ? 1 : 0);
  const ahead = appointment.startsAt.getTime() > now && appointment.submissionToken !== null;
  const cancels = ahead && moves && changes.status === "cancelled";
  const reopens = ahead && moves && appointment.status === "cancelled";
  const tellVisitor = cancels || reopens;
  const change = { kind: "appointment", id, changeId: crypto.randomUUID() } as const;
  // Done: the visitor is asked for a review the next day, once (decision 146), keyed to this change like the rest.
  const finishes = changes.status === "done" && appointment.status !== "done";
  const thisChange = sql`FROM ${appointments} WHERE ${appointments.id} = ${id} AND ${appointments.changeId} = ${change.changeId}`;
  const reviewRequest = finishes ? await reviewRequestStatements(db, { kind: "appointment", ...appointment }, thisChange, now) : [];
  const visit = tellVisitor
    ? { ...appointment, reference: appointment.submissionToken!, sequence, ...(await visitorChannels(db, appointment)) }
    : null;
  const messages = !visit
    ? []
    : cancels
      ? await cancellationMessages(visit, now)
      : await visitMessages(env, { ...visit, startsAt: appointment.startsAt.getTime() }, now);
  try {
    const [updated, , ...queued] = await db.batch([
      db
        .update(appointments)
        .set({
          status: changes.status,
          sequence,
          version: appointment.version + 1,
          updatedBy: by.email,
          updatedAt: new Date(now),
          ...(tellVisitor || finishes ? { changeId: change.changeId } : {}),
        })
        .where(and(eq(appointments.id, id), eq(appointments.version, changes.version)))
        .returning({ version: appointments.version }),
      statusChangeEvent(db, "appointment", id, changes, by),
      ...(cancels ? [withdrawLeadMessages(db, change, "reminder", "Staff cancelled the appointment.")] : []),
      // Queued only if the guarded update above wrote: each insert reads the lead's change id.
      ...messages.map((message) => queueLeadMessage(db, change, message, now)),
      ...reviewRequest,
    ]);
    const [row] = updated;
    if (!row) return outcomeOfStaleSave(env, "appointment", id, changes);
    deliverQueued(env, ctx, queued.slice(cancels ? 1 : 0).flat() as { id: number; nextAttemptAt: Date }[], now);
    return { outcome: "updated", version: row.version };
  } catch (error) {
    if (isUniqueViolation(error, SEAT_INDEX_COLUMN)) return { outcome: "seat-taken" };
    throw error;
  }
}

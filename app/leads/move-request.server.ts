import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
import { appointments, outbox, SEAT_RELEASING_STATUSES } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { emailMessage, queueLeadMessage, textMessage, type OutgoingMessage } from "~/messaging/outbox.server";
import { deliverQueued } from "~/messaging/outbox-delivery.server";
import { moveRequestEmail, moveRequestText } from "~/messaging/visitor-messages";
import { visitLinks } from "./appointment-messages.server";
import { visitorChannels } from "./manage.server";

// The owner's word to a customer whose booked visit the hours no longer allow (a
// day closed or a time blocked after they booked): "the store must move your
// visit", with their manage link to choose another time, through the outbox on
// the channels they consented to (decision 139). One request per visit and
// version: a second click, or a second owner's tab, queues nothing more.

export type MoveRequestOutcome = "asked" | "already-asked" | "no-channel" | "not-found";

/** The kind of outbox row the Hours page reads to say "Asked". */
export const MOVE_REQUEST_KIND = "move-request";

export async function askToMove(context: Readonly<RouterContextProvider>, id: number, clerk: string, now = Date.now()): Promise<MoveRequestOutcome> {
  const { env, ctx } = getCloudflare(context);
  const db = getDb(env);
  const appointment = await db.query.appointments.findFirst({
    where: and(eq(appointments.id, id), notInArray(appointments.status, SEAT_RELEASING_STATUSES)),
  });
  if (!appointment?.submissionToken || appointment.startsAt.getTime() <= now) return "not-found";
  const channels = await visitorChannels(db, appointment);
  const links = await visitLinks(env, appointment.submissionToken);
  const messages: OutgoingMessage[] = [];
  if (channels.textTo) messages.push(textMessage(MOVE_REQUEST_KIND, channels.textTo, moveRequestText(appointment, links)));
  if (channels.email) messages.push(emailMessage(MOVE_REQUEST_KIND, await moveRequestEmail(channels.email, appointment, links)));
  if (messages.length === 0) return "no-channel";
  const queued = await db.batch(
    messages.map((message) =>
      queueLeadMessage(
        db,
        { kind: "appointment", id, dedupeKey: `move-request:${id}:${appointment.sequence}:${message.channel}`, sentBy: clerk },
        message,
        now,
      ),
    ) as [ReturnType<typeof queueLeadMessage>, ...ReturnType<typeof queueLeadMessage>[]],
  );
  const rows = queued.flat();
  if (rows.length === 0) return "already-asked";
  deliverQueued(env, ctx, rows, now);
  return "asked";
}

/** When each of these appointments was last asked to move (epoch ms), by id. */
export async function movesAsked(env: Env, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb(env)
    .select({ id: outbox.recordId, createdAt: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.kind, MOVE_REQUEST_KIND), eq(outbox.leadKind, "appointment"), inArray(outbox.recordId, ids)));
  const asked = new Map<number, number>();
  for (const row of rows) asked.set(row.id, Math.max(asked.get(row.id) ?? 0, row.createdAt.getTime()));
  return asked;
}

import { and, desc, eq, inArray, not } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, leadEvents, outbox } from "~/db/schema";
import type { LeadKind } from "~/core/lead-kinds";
import type { TimelineEntry } from "~/core/timeline";
import { CLERK_TEXT_KINDS, STAFF_KINDS } from "~/messaging/message-kinds";
import { messageLine } from "~/messaging/message-line";

// A lead's messages for staff: its own lines of the record's timeline (what the
// visitor changed, every e-mail and automatic text sent to them;
// app/dashboard/record-timeline.server.ts adds the notes, status changes and the
// texts both ways); the text form is any record's (app/records/staff-texts.server.ts).

const HISTORY_LIMIT = 100;

/**
 * A lead's own timeline lines, the newest of each source, one list per source in the order one change makes them
 * (the visitor's change, then the message it queued) for newestFirst. Its texts both ways are the conversation
 * every record of the number shows (app/messaging/customer-texts.server.ts).
 */
export async function leadTimelineLines(db: Db, lead: { kind: LeadKind; id: number }, now = Date.now()): Promise<TimelineEntry[][]> {
  const [events, sent] = await db.batch([
    db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadKind, lead.kind), eq(leadEvents.recordId, lead.id)))
      .orderBy(desc(leadEvents.createdAt))
      .limit(HISTORY_LIMIT),
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.leadKind, lead.kind), eq(outbox.recordId, lead.id), not(inArray(outbox.kind, [...STAFF_KINDS, ...CLERK_TEXT_KINDS]))))
      .orderBy(desc(outbox.createdAt))
      .limit(HISTORY_LIMIT),
  ]);
  return [
    events.map((event): TimelineEntry => ({
      at: event.createdAt.getTime(),
      kind: "change",
      // The detail says who: the visitor on their manage page, or the clerk who did it for them.
      title: event.type === "cancelled" ? "Visit cancelled" : "Visit moved",
      body: event.detail,
      seq: event.id,
    })),
    sent.map((row) => messageLine(row, now)),
  ];
}

/** The e-mail a visitor gave with their booking (contact and order forms keep theirs on the lead). */
export async function bookingEmail(db: Db, id: number): Promise<string | null> {
  const row = await db.query.appointments.findFirst({ columns: { email: true }, where: eq(appointments.id, id) });
  return row?.email ?? null;
}

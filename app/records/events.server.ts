import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { recordEvents } from "~/db/schema";
import type { StaffList } from "~/core/staff-lists";
import { eventLine, type TimelineEntry, type TimelineEventKind } from "~/core/timeline";

// Events for a record's timeline that its own table keeps no history of (decision 140). A change writes its event
// in its own batch, keyed to the change, so a change that did not happen leaves no line.

const TIMELINE_LIMIT = 100;

/**
 * The batch statement that adds a timeline line to a record, written only when `from` (`FROM … WHERE …`, the
 * change's own row as the change left it) selects a row: add a kind to TIMELINE_EVENT_KINDS, then call this
 * in the batch of the change it records.
 */
export function timelineEvent(
  db: Db,
  event: { list: StaffList; recordId: number; kind: TimelineEventKind; detail: string; actor: string; at: number },
  from: SQL,
) {
  return insertSelect(
    db,
    recordEvents,
    {
      id: sql`NULL`,
      list: sql`${event.list}`,
      recordId: sql`${event.recordId}`,
      kind: sql`${event.kind}`,
      detail: sql`${event.detail}`,
      actor: sql`${event.actor}`,
      createdAt: sql`${event.at}`,
    },
    from,
  );
}

/** A record's newest events as timeline lines. */
export async function eventLines(db: Db, list: StaffList, recordId: number): Promise<TimelineEntry[]> {
  const rows = await db
    .select()
    .from(recordEvents)
    .where(and(eq(recordEvents.list, list), eq(recordEvents.recordId, recordId)))
    .orderBy(desc(recordEvents.createdAt), desc(recordEvents.id))
    .limit(TIMELINE_LIMIT);
  return rows.map((row) => eventLine({ ...row, at: row.createdAt.getTime() }));
}

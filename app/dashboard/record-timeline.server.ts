import type { Db } from "~/db/client.server";
import { kindOfList } from "~/core/lead-kinds";
import type { StaffList } from "~/core/staff-lists";
import { textablePhone } from "~/core/phone";
import { formatStoreDateTime } from "~/core/store-time";
import { newestFirst, type TimelineEntry } from "~/core/timeline";
import { leadTimelineLines } from "~/inbox/messages.server";
import { conversationLines } from "~/messaging/customer-texts.server";
import { eventLines } from "~/records/events.server";
import { noteLines } from "~/records/notes.server";
import { repairTimelineLines } from "~/repairs/repairs.server";

// A record's timeline (decision 140), one way for all four lists: its notes and staff events (app/records/), every
// list's, with the lines its own kind keeps (a lead's visitor changes and messages; a repair's statuses and ready
// messages) and the customer's texts both ways (decision 144), in one list, newest first.

/** How many lines a record page shows: the newest. */
const TIMELINE_LENGTH = 100;

export type TimelineLine = TimelineEntry & { atLabel: string };

export async function recordTimeline(
  db: Db,
  list: StaffList,
  record: { id: number; phone: string; createdAt: number },
  now = Date.now(),
): Promise<TimelineLine[]> {
  const kind = kindOfList(list);
  const phone = textablePhone(record.phone) ?? record.phone;
  const [own, texts, events, notes] = await Promise.all([
    kind ? leadTimelineLines(db, { kind, id: record.id }, now) : repairTimelineLines(db, record.id, now),
    conversationLines(db, list, { ...record, phone }, now),
    eventLines(db, list, record.id),
    noteLines(db, list, record.id),
  ]);
  // At one instant a note reads as the latest: written with, or just after, what the record's own line records.
  return newestFirst(...own, ...texts, events, notes)
    .slice(0, TIMELINE_LENGTH)
    .map((entry) => ({ ...entry, atLabel: formatStoreDateTime(entry.at) }));
}

// A record's timeline (decision 140): everything that happened to an appointment, order, contact message or repair
// after it arrived, in one list, newest first. Each source (notes, status changes, messages, the visitor's moves)
// gives entries of this one shape; `newestFirst` merges them. Plain data: the record pages render it.

/** What a line is, as its badge says it. */
export const TIMELINE_LINE_KINDS = {
  note: "Note",
  status: "Status",
  change: "Change",
  sent: "Sent",
  outgoing: "Outgoing",
  withdrawn: "Withdrawn",
  received: "Received",
} as const;
export type TimelineLineKind = keyof typeof TIMELINE_LINE_KINDS;

/**
 * The kinds of record_events rows, with the line each becomes: its badge and how its detail reads. To show a new kind
 * of event (an estimate approved, …), add it here and write it with `timelineEvent` (app/records/events.server.ts) in
 * the batch of the change it records.
 */
export const TIMELINE_EVENT_KINDS = {
  "status-changed": { line: "status", title: (detail: string) => `Status set to ${detail}` },
} as const satisfies Record<string, { line: TimelineLineKind; title: (detail: string) => string }>;
export type TimelineEventKind = keyof typeof TIMELINE_EVENT_KINDS;

export interface TimelineEntry {
  /** When it happened (epoch ms). */
  at: number;
  kind: TimelineLineKind;
  title: string;
  /** Who did it: a staff e-mail, "the visitor", "before notes were kept"; absent for what the site did itself. */
  by?: string | undefined;
  /** A note's words, a message's text or subject, a move's new time. */
  body?: string | undefined;
  /** Delivery state of a sent message, or the keyword of a received text. */
  status?: string | undefined;
  /** The message has not reached the person (it failed, or the carrier said so): the status stands out. */
  problem?: boolean | undefined;
  /** Orders lines of one source that share a millisecond: the source's own order (a row id), higher is later. */
  seq?: number | undefined;
}

/**
 * The sources' entries as one list, newest first. Lines of one instant: a later source's above an earlier one's
 * (a repair's intake note above its "Logged as"), and within a source the higher `seq` above.
 */
export function newestFirst(...sources: TimelineEntry[][]): TimelineEntry[] {
  return sources
    .flatMap((entries, source) => entries.map((entry) => ({ entry, source })))
    .sort((a, b) => b.entry.at - a.entry.at || b.source - a.source || (b.entry.seq ?? 0) - (a.entry.seq ?? 0))
    .map(({ entry }) => entry);
}

/** The line a record_events row becomes; an unknown kind (from a newer version of the code) still shows, plainly. */
export function eventLine(event: { kind: string; detail: string; actor: string; at: number; id: number }): TimelineEntry {
  const known = TIMELINE_EVENT_KINDS[event.kind as TimelineEventKind];
  return {
    at: event.at,
    kind: known?.line ?? "change",
    title: known ? known.title(event.detail) : event.detail || event.kind,
    by: event.actor,
    seq: event.id,
  };
}

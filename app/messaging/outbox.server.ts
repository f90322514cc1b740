import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { outbox } from "~/db/schema";
import { LEADS, type LeadKind } from "~/core/lead-kinds";
import { RECORD_ID_SLOT, type Email } from "./email";
import type { Channel, MessageKind } from "./message-kinds";

// The one outbox for every e-mail and text (docs/decisions/022 and 065), part 1 of 3: what is queued. A row is
// written in the same D1 batch as what it is about; outbox-delivery.server.ts sends it after the response
// (ctx.waitUntil) or when it falls due, and retries it; outbox-gate.server.ts checks, just before each send,
// that it may still go.

/** Rows still owed a delivery attempt (the status index serves this IN list). */
export const UNSENT = inArray(outbox.status, ["pending", "failed"]);

/** One message as the outbox stores it. A text has no subject or HTML. */
export interface OutgoingMessage {
  kind: MessageKind;
  channel: Channel;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Not before this instant (epoch ms); at once when absent. */
  sendAt?: number;
  /** A reminder: sent only while its appointment still starts at this instant. */
  startsAt?: number;
  /** An e-mail's Reply-To. */
  replyTo?: string;
  /** An e-mail's calendar attachment (app/core/ics.ts). */
  calendarFile?: string;
}

type Timing = Pick<OutgoingMessage, "sendAt" | "startsAt">;

export function emailMessage(kind: MessageKind, email: Email, timing: Timing = {}): OutgoingMessage {
  const { to, subject, html, text, replyTo, calendarFile } = email;
  return { kind, channel: "email", to, subject, html, text, replyTo, calendarFile, ...timing };
}

export function textMessage(kind: MessageKind, to: string, body: string, timing: Timing = {}): OutgoingMessage {
  return { kind, channel: "sms", to, subject: "", html: "", text: body, ...timing };
}

/**
 * The lead a queued message is about, and what guards the queueing:
 * - `submissionId`: the lead a form stores in this batch; nothing is queued when
 *   it does not exist (the insert lost a race) or already has this kind of message
 *   on this channel (a resubmitted form).
 * - `changeId`: the lead a visitor changed in this batch; nothing is queued unless
 *   the change happened (the lead's change_id is this one).
 * - `dedupeKey`: a staff text; nothing is queued twice for one form. `sentBy`
 *   is the staff member who wrote it, kept on the row.
 */
export type LeadMatch =
  | { kind: LeadKind; submissionId: string }
  | { kind: LeadKind; id: number; changeId: string }
  | { kind: LeadKind; id: number; dedupeKey: string; sentBy: string };

interface QueueSource {
  leadKind: LeadKind | null;
  /** The row's record_id, as SQL over `from`. */
  recordId: SQL;
  /** The rest of the SELECT: `FROM … WHERE …`; one row queues the message, none queues nothing. */
  from: SQL;
  dedupeKey?: string;
  /** The staff member's e-mail, for a message a person wrote. */
  sentBy?: string;
}

/** The batch statement that queues `message` once per row `source.from` selects. */
export function queueMessage(db: Db, message: OutgoingMessage, source: QueueSource, now: number) {
  return insertSelect(
    db,
    outbox,
    {
      id: sql`NULL`,
      kind: sql`${message.kind}`,
      recordId: source.recordId,
      recipient: sql`${message.to}`,
      subject: sql`${message.subject}`,
      // A link to the record, written before the record had an id, gets it here.
      html: sql`replace(${message.html}, ${RECORD_ID_SLOT}, ${source.recordId})`,
      textBody: sql`replace(${message.text}, ${RECORD_ID_SLOT}, ${source.recordId})`,
      status: sql`'pending'`,
      attempts: sql`0`,
      nextAttemptAt: sql`${message.sendAt ?? now}`,
      lastError: sql`NULL`,
      sentAt: sql`NULL`,
      createdAt: sql`${now}`,
      channel: sql`${message.channel}`,
      leadKind: source.leadKind ? sql`${source.leadKind}` : sql`NULL`,
      startsAt: message.startsAt === undefined ? sql`NULL` : sql`${message.startsAt}`,
      countedAt: sql`NULL`,
      providerId: sql`NULL`,
      dedupeKey: source.dedupeKey === undefined ? sql`NULL` : sql`${source.dedupeKey}`,
      delivery: sql`NULL`,
      deliveryErrorCode: sql`NULL`,
      replyTo: sql`${message.replyTo ?? null}`,
      calendarFile: sql`${message.calendarFile ?? null}`,
      sentBy: source.sentBy === undefined ? sql`NULL` : sql`${source.sentBy}`,
    },
    source.from,
  ).returning({ id: outbox.id, nextAttemptAt: outbox.nextAttemptAt });
}

/** The batch statement that queues `message` about a lead (see LeadMatch for the guards). */
export function queueLeadMessage(db: Db, lead: LeadMatch, message: OutgoingMessage, now: number) {
  const table = sql.identifier(LEADS[lead.kind].table);
  let where: SQL;
  if ("submissionId" in lead) {
    where = sql`${table}.submission_token = ${lead.submissionId}
      AND NOT EXISTS (SELECT 1 FROM ${outbox} WHERE ${outbox.kind} = ${message.kind} AND ${outbox.channel} = ${message.channel}
        AND ${outbox.leadKind} = ${lead.kind} AND ${outbox.recordId} = ${table}.id)`;
  } else if ("changeId" in lead) {
    where = sql`${table}.id = ${lead.id} AND ${table}.change_id = ${lead.changeId}`;
  } else {
    where = sql`${table}.id = ${lead.id} AND NOT EXISTS (SELECT 1 FROM ${outbox} WHERE ${outbox.dedupeKey} = ${lead.dedupeKey})`;
  }
  return queueMessage(
    db,
    message,
    {
      leadKind: lead.kind,
      recordId: sql`${table}.id`,
      from: sql`FROM ${table} WHERE ${where}`,
      ...("dedupeKey" in lead ? { dedupeKey: lead.dedupeKey, sentBy: lead.sentBy } : {}),
    },
    now,
  );
}

/** Withdraws a lead's unsent messages of one kind (a moved appointment's reminder), if the change in `lead` happened. */
export function withdrawLeadMessages(db: Db, lead: { kind: LeadKind; id: number; changeId: string }, kind: MessageKind, reason: string) {
  const table = sql.identifier(LEADS[lead.kind].table);
  return db
    .update(outbox)
    .set({ status: "cancelled", lastError: reason })
    .where(
      and(
        eq(outbox.leadKind, lead.kind),
        eq(outbox.recordId, lead.id),
        eq(outbox.kind, kind),
        UNSENT,
        sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table}.id = ${lead.id} AND ${table}.change_id = ${lead.changeId})`,
      ),
    );
}

import type { outbox } from "~/db/schema";
import { formatPhone } from "~/core/phone";
import { formatStoreDateTime } from "~/core/store-time";
import type { TimelineEntry } from "~/core/timeline";
import { messageKindInfo } from "./message-kinds";
import { sentTextNote } from "./sms-delivery";

// A message of the outbox as a line of its record's timeline (decision 140), for a lead's and a repair's alike.

function deliveryNote(row: typeof outbox.$inferSelect, now: number): string {
  if (row.status === "sent") return row.channel === "sms" ? sentTextNote(row.delivery, row.deliveryErrorCode) : "Sent";
  if (row.status === "cancelled") return row.lastError ?? "Not sent";
  if (row.status === "failed") return `Failed; trying again ${formatStoreDateTime(row.nextAttemptAt.getTime())}`;
  return row.nextAttemptAt.getTime() > now ? `Scheduled for ${formatStoreDateTime(row.nextAttemptAt.getTime())}` : "Waiting to be sent";
}

/** An outbox row as a timeline line: "Sent" only once it went; a queued, retried or withdrawn message says so instead. */
export function messageLine(row: typeof outbox.$inferSelect, now: number): TimelineEntry {
  return {
    at: row.createdAt.getTime(),
    kind: row.status === "sent" ? "sent" : row.status === "cancelled" ? "withdrawn" : "outgoing",
    title: `${messageKindInfo(row.kind)?.label ?? row.kind} ${row.channel === "sms" ? "text" : "e-mail"} to ${row.channel === "sms" ? formatPhone(row.recipient) : row.recipient}`,
    by: row.sentBy ?? undefined,
    body: row.channel === "sms" ? row.textBody : row.subject,
    status: deliveryNote(row, now),
    problem: row.status === "failed" || row.delivery === "undelivered",
    seq: row.id,
  };
}


import { and, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { messaging } from "~/config/messaging";
import type { Db } from "~/db/client.server";
import { appointments, outbox, SEAT_RELEASING_STATUSES } from "~/db/schema";
import { isQuietHour, outsideQuietHours, withinSendingHours } from "~/core/reminders";
import { repairMessageWithdrawn } from "./repair-ready-gate.server";
import { claimReviewRequest, REVIEW_REQUEST_KIND } from "./review-requests.server";
import { AUTOMATED_KINDS, messageKindInfo } from "./message-kinds";
import { TEXT_REFUSALS, textPermission, type TextPurpose } from "./text-permission.server";

// The outbox, part 2 of 3: the rules a claimed row must still meet at the moment it would be sent. A reminder only
// while its appointment still starts then and outside the quiet hours (a repair's "ready" likewise only while the
// repair is still ready, its estimate only while it still waits for approval; a kind that says heldInQuietHours waits for their end too), a text only with the consent
// given with its record (a promotion: the number's confirmed promotional consent) and not opted out, and nothing
// past the daily limits; the one exception is the answer to a HELP or STOP keyword, which anyone who texts it
// gets. What no longer may be sent is cancelled, with why.

const DAY_MS = 24 * 60 * 60 * 1000;

export type Claimed = typeof outbox.$inferSelect;
export type Gate = { go: true } | { go: false; cancel: string } | { go: false; deferUntil: number };

/** The rules a claimed row must still meet at the moment it would be sent. */
export async function checkBeforeSend(db: Db, row: Claimed, now: number): Promise<Gate> {
  if (row.kind === "reminder") {
    const appointment = row.leadKind === "appointment"
      ? await db.query.appointments.findFirst({ columns: { status: true, startsAt: true }, where: eq(appointments.id, row.recordId) })
      : undefined;
    if (!appointment || SEAT_RELEASING_STATUSES.includes(appointment.status)) {
      return { go: false, cancel: "The appointment was cancelled." };
    }
    if (row.startsAt && appointment.startsAt.getTime() !== row.startsAt.getTime()) {
      return { go: false, cancel: "The appointment was moved; the new time has its own reminder." };
    }
    if (now >= appointment.startsAt.getTime()) return { go: false, cancel: "The appointment had already started." };
  }
  if (messageKindInfo(row.kind)?.answersKeyword) {
    // The answer to HELP or STOP goes to whoever sent it (queued once per number per day);
    // it is counted, so the store's daily total stays true, but never held back.
    await db.update(outbox).set({ countedAt: sql`coalesce(${outbox.countedAt}, ${now})` }).where(eq(outbox.id, row.id));
    return { go: true };
  }
  const withdrawn = row.leadKind === null ? await repairMessageWithdrawn(db, row.kind, row.recordId) : null;
  if (withdrawn) return { go: false, cancel: withdrawn };
  if (row.channel === "sms") {
    const need = textPurposeOf(row);
    const permission = need ? await textPermission(db, row.recipient, need, now) : null;
    if (!permission?.ok) return { go: false, cancel: `Not sent: ${TEXT_REFUSALS[permission?.reason ?? "no-consent"]}` };
  }
  // The one quiet-hour rule: a kind that says heldInQuietHours waits for their end, without spending an attempt;
  // one that names its sendingHours waits for them likewise.
  if (messageKindInfo(row.kind)?.heldInQuietHours && isQuietHour(now)) return { go: false, deferUntil: outsideQuietHours(now) };
  const hours = messageKindInfo(row.kind)?.sendingHours;
  if (hours && withinSendingHours(now, hours) !== now) return { go: false, deferUntil: withinSendingHours(now, hours) };
  if (row.kind === REVIEW_REQUEST_KIND) {
    const refused = await claimReviewRequest(db, row, now);
    if (refused) return { go: false, cancel: refused };
  }
  return (await countAgainstDailyLimits(db, row, now)) ? { go: true } : { go: false, cancel: dailyLimitReason(row) };
}

/** The consent a text relies on: the one given with the record it is about (decision 135); null when it is about none. */
function textPurposeOf(row: Claimed): TextPurpose | null {
  const consent = messageKindInfo(row.kind)?.consent ?? "transactional";
  // About the visit: a booking's own consent, or a repair's (its row has no lead kind) given at the counter.
  if (consent === "visit") {
    return row.leadKind ? { purpose: "transactional", record: { kind: row.leadKind, id: row.recordId } } : { purpose: "repair-updates", record: { kind: "repair", id: row.recordId } };
  }
  if (consent === "promotional") return { purpose: "promotional" };
  if (consent === "reply") return { purpose: "reply" };
  if (consent === "repair-ready" || consent === "repair-updates") return { purpose: consent, record: { kind: "repair", id: row.recordId } };
  return row.leadKind ? { purpose: consent, record: { kind: row.leadKind, id: row.recordId } } : null;
}

function dailyLimitReason(row: Claimed): string {
  const once = messageKindInfo(row.kind)?.oncePerRecipientWithinMs;
  if (once) return `Not sent: one went to this number in the last ${Math.round(once / DAY_MS)} days, or the daily limit was reached.`;
  if (row.channel === "email") {
    return `Not sent: ${messaging.automatedEmailsPerAddressPerDay} automatic e-mails went to this address in the last 24 hours.`;
  }
  return messageKindInfo(row.kind)?.automated
    ? `Not sent: the daily limit was reached (${messaging.automatedTextsPerNumberPerDay} automatic texts to this number, or ${messaging.storeTextsPerDay} texts from the store, in 24 hours).`
    : `Not sent: the store's limit of ${messaging.storeTextsPerDay} texts in 24 hours was reached.`;
}

/**
 * Counts the row against the limits that apply to it (once: a retry keeps its
 * place), in one conditional UPDATE, so two rows sent at the same moment cannot
 * both take the last place. False: a limit is reached.
 */
async function countAgainstDailyLimits(db: Db, row: Claimed, now: number): Promise<boolean> {
  const info = messageKindInfo(row.kind);
  const automated = info?.automated ?? false;
  const since = now - DAY_MS;
  const limits: SQL[] = [];
  if (info?.oncePerRecipientWithinMs) {
    limits.push(sql`NOT EXISTS (SELECT 1 FROM ${outbox} o WHERE o.kind = ${row.kind} AND o.channel = ${row.channel}
      AND o.recipient = ${row.recipient} AND o.counted_at > ${now - info.oncePerRecipientWithinMs} AND o.id != ${row.id})`);
  }
  if (automated) {
    const limit = row.channel === "sms" ? messaging.automatedTextsPerNumberPerDay : messaging.automatedEmailsPerAddressPerDay;
    limits.push(sql`(SELECT count(*) FROM ${outbox} o WHERE o.channel = ${row.channel} AND o.recipient = ${row.recipient}
      AND o.counted_at > ${since} AND o.id != ${row.id}
      AND o.kind IN (${sql.join(AUTOMATED_KINDS.map((kind) => sql`${kind}`), sql`, `)})) < ${limit}`);
  }
  if (row.channel === "sms") {
    limits.push(sql`(SELECT count(*) FROM ${outbox} o WHERE o.channel = 'sms' AND o.counted_at > ${since} AND o.id != ${row.id}) < ${messaging.storeTextsPerDay}`);
  }
  if (limits.length === 0) return true;
  const counted = await db
    .update(outbox)
    .set({ countedAt: sql`coalesce(${outbox.countedAt}, ${now})` })
    .where(and(eq(outbox.id, row.id), or(isNotNull(outbox.countedAt), and(...limits))))
    .returning({ id: outbox.id });
  return counted.length > 0;
}

import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { consentRecords, outbox, recordNotes, repairEvents, repairs } from "~/db/schema";
import { textablePhone } from "~/core/phone";
import { outsideQuietHours } from "~/core/reminders";
import { emailMessage, queueMessage, textMessage, type OutgoingMessage } from "~/messaging/outbox.server";
import { repairReadyEmail, repairReadyText } from "./messages";
import { changedByMessage } from "~/inbox/rules";
import { messageLine } from "~/messaging/message-line";
import type { TimelineEntry } from "~/core/timeline";
import { formatCalendarDay, formatStoreDateTime } from "~/core/store-time";
import { formatEstimate, REPAIR_TEXT_CONSENT_TEXT, REPAIR_TEXT_CONSENT_VERSION, type NewRepair, type RepairConflict, type RepairStatusChange } from "./rules";
import { CLOSED_REPAIR_STATUSES, REPAIR_STATUS_LABELS } from "~/core/repair-statuses";
import { NO_LONGER_READY, REPAIR_READY_KIND } from "../messaging/repair-ready-gate.server";
import { newTicketNumber } from "./ticket-number";

// The write side of repairs: a new ticket and a status change, each one D1
// batch (one transaction). What follows a write in its batch (the history line,
// the consent record, the ready message, its withdrawal) is keyed to that write
// (the repair's form_id or change_id), so a lost race or a replay adds nothing.
// The ready message goes through the one outbox, which checks consent, opt-outs,
// quiet hours and the daily limits again just before it sends (app/messaging/outbox-gate.server.ts).

export type Repair = typeof repairs.$inferSelect;

const TIMELINE_LIMIT = 100;

/** A new number is drawn when one is taken; three clashes in a row at 30 bits would mean a broken generator. */
const TICKET_TRIES = 3;

export interface Clerk {
  email: string;
  ip: string;
}

export type CreateOutcome = { status: "stored" | "resubmitted"; id: number; ticket: string; createdAt: Date };

export async function createRepair(db: Db, repair: NewRepair, clerk: Clerk, now = Date.now(), nextTicket = newTicketNumber): Promise<CreateOutcome> {
  const digits = repair.phone.replace(/\D/g, "");
  const changeId = crypto.randomUUID();
  const byForm = sql`FROM ${repairs} WHERE ${repairs.formId} = ${repair.formId} AND ${repairs.changeId} = ${changeId}`;
  for (let attempt = 0; attempt < TICKET_TRIES; attempt++) {
    const ticket = nextTicket();
    const phone = textablePhone(repair.phone);
    const [inserted] = await db.batch([
      db
        .insert(repairs)
        .values({
          ticket,
          name: repair.name,
          phone: repair.phone,
          phoneLast4: digits.slice(-4),
          email: repair.email ?? null,
          item: repair.item!,
          work: repair.work,
          workDetail: repair.workDetail ?? "",
          estimateCents: repair.estimate,
          promisedDate: repair.promisedDate,
          textConsent: Boolean(repair.textConsent),
          changeId,
          createdAt: new Date(now),
          createdBy: clerk.email,
          updatedAt: new Date(now),
          updatedBy: clerk.email,
          formId: repair.formId,
        })
        .onConflictDoNothing()
        .returning({ id: repairs.id, ticket: repairs.ticket, createdAt: repairs.createdAt }),
      historyLine(db, byForm, now),
      // The clerk's note at intake is the repair's first note, signed by them (decision 140).
      insertSelect(
        db,
        recordNotes,
        {
          id: sql`NULL`,
          list: sql`${"repairs"}`,
          recordId: sql`${repairs.id}`,
          body: sql`${repair.staffNote}`,
          author: sql`${clerk.email}`,
          createdAt: sql`${now}`,
          formId: sql`${repair.formId}`,
        },
        sql`${byForm} AND ${repair.staffNote} != ''`,
      ),
      insertSelect(
        db,
        consentRecords,
        {
          id: sql`NULL`,
          phone: phone ? sql`${phone}` : sql`NULL`,
          contactMessageId: sql`NULL`,
          appointmentId: sql`NULL`,
          repairId: sql`${repairs.id}`,
          recordedBy: sql`${clerk.email}`,
          // Agreed to one text, when this repair is ready: it allows no other text to the number.
          purpose: sql`${"repair-ready"}`,
          consentVersion: sql`${REPAIR_TEXT_CONSENT_VERSION}`,
          consentText: sql`${REPAIR_TEXT_CONSENT_TEXT}`,
          ip: sql`${clerk.ip}`,
          createdAt: sql`${now}`,
          confirmedAt: sql`NULL`,
          confirmationSid: sql`NULL`,
        },
        sql`${byForm} AND ${repairs.textConsent} = 1`,
      ),
    ]);
    const created = inserted[0];
    if (created) return { status: "stored", ...created };
    const earlier = await db.query.repairs.findFirst({
      columns: { id: true, ticket: true, createdAt: true },
      where: eq(repairs.formId, repair.formId),
    });
    if (earlier) return { status: "resubmitted", ...earlier };
  }
  throw new Error(`no free ticket number in ${TICKET_TRIES} tries`);
}

/** The batch statement that writes the repair's state (as `from` selects it) to its history. */
function historyLine(db: Db, from: ReturnType<typeof sql>, now: number) {
  return insertSelect(
    db,
    repairEvents,
    {
      id: sql`NULL`,
      repairId: sql`${repairs.id}`,
      status: sql`${repairs.status}`,
      estimateCents: sql`${repairs.estimateCents}`,
      promisedDate: sql`${repairs.promisedDate}`,
      actorEmail: sql`${repairs.updatedBy}`,
      createdAt: sql`${now}`,
    },
    from,
  );
}

export type ChangeOutcome =
  | { status: "changed"; repair: Repair; queued: { id: number; nextAttemptAt: Date }[] }
  /** The version was not current, but the repair already holds what was posted (a retry, or two clerks agreeing): nothing to write. */
  | { status: "unchanged"; repair: Repair }
  /** Someone saved since `change.version`: nothing was written; here is the repair as it is now. */
  | { status: "stale"; repair: Repair }
  | { status: "not-found" };

/**
 * Sets a repair's status (with its estimate and promised date), if it
 * still is the version the clerk saw. Setting Ready for pickup queues the ready
 * message once, in the channels the customer agreed to, for the first moment
 * outside the quiet hours; any other status withdraws one not yet sent.
 */
export async function changeRepairStatus(db: Db, id: number, change: RepairStatusChange, clerk: Clerk, now = Date.now()): Promise<ChangeOutcome> {
  const before = await getRepair(db, id);
  if (!before) return { status: "not-found" };
  if (before.version !== change.version) return staleOutcome(before, change);

  const changeId = crypto.randomUUID();
  const closes = CLOSED_REPAIR_STATUSES.includes(change.status);
  const becomesReady = change.status === "ready" && before.status !== "ready";
  const thisChange = sql`FROM ${repairs} WHERE ${repairs.id} = ${id} AND ${repairs.changeId} = ${changeId}`;
  const messages = becomesReady ? readyMessages(before, now) : [];
  const [updated, , , ...queued] = await db.batch([
    db
      .update(repairs)
      .set({
        status: change.status,
        estimateCents: change.estimate,
        promisedDate: change.promisedDate,
        version: sql`${repairs.version} + 1`,
        changeId,
        updatedAt: new Date(now),
        updatedBy: clerk.email,
        readyAt: change.status === "ready" ? (becomesReady ? new Date(now) : before.readyAt) : null,
        closedAt: closes ? (before.status === change.status ? before.closedAt : new Date(now)) : null,
      })
      .where(and(eq(repairs.id, id), eq(repairs.version, change.version)))
      .returning(),
    historyLine(db, thisChange, now),
    db
      .update(outbox)
      .set({ status: "cancelled", lastError: NO_LONGER_READY })
      .where(
        and(
          sql`${outbox.leadKind} IS NULL`,
          eq(outbox.recordId, id),
          eq(outbox.kind, REPAIR_READY_KIND),
          inArray(outbox.status, ["pending", "failed"]),
          sql`${change.status} != 'ready'`,
          sql`EXISTS (SELECT 1 ${thisChange})`,
        ),
      ),
    ...messages.map((message) =>
      queueMessage(
        db,
        message,
        {
          leadKind: null,
          recordId: sql`${repairs.id}`,
          // Told once: not again when a message of this channel is waiting or went out already.
          from: sql`${thisChange} AND NOT EXISTS (SELECT 1 FROM ${outbox} o WHERE o.lead_kind IS NULL AND o.record_id = ${id}
            AND o.kind = ${REPAIR_READY_KIND} AND o.channel = ${message.channel} AND o.status != 'cancelled')`,
        },
        now,
      ),
    ),
  ]);
  const repair = (updated as Repair[])[0];
  if (!repair) {
    const current = await getRepair(db, id);
    return current ? staleOutcome(current, change) : { status: "not-found" };
  }
  return { status: "changed", repair, queued: (queued as { id: number; nextAttemptAt: Date }[][]).flat() };
}

/** A change that named an older version writes nothing; it counts as done when nothing would be lost (decision 106, for leads). */
function staleOutcome(current: Repair, change: RepairStatusChange): ChangeOutcome {
  const same =
    current.status === change.status &&
    current.estimateCents === change.estimate &&
    current.promisedDate === change.promisedDate;
  return same ? { status: "unchanged", repair: current } : { status: "stale", repair: current };
}

/** What the repair's page shows above the clerk's kept words when their change met a newer one. */
export function repairConflict(current: Repair): RepairConflict {
  return {
    message: changedByMessage(current.updatedBy, formatStoreDateTime(current.updatedAt.getTime()), "here is the repair as it is now"),
    status: current.status,
    estimate: formatEstimate(current.estimateCents),
    promised: formatCalendarDay(current.promisedDate),
    version: current.version,
  };
}

/** The ready message in each channel the customer gave at the counter: a text with consent, an e-mail when they left one. */
function readyMessages(repair: Repair, now: number): OutgoingMessage[] {
  const timing = { sendAt: outsideQuietHours(now) };
  const messages: OutgoingMessage[] = [];
  const phone = textablePhone(repair.phone);
  if (repair.textConsent && phone) messages.push(textMessage(REPAIR_READY_KIND, phone, repairReadyText(repair.ticket), timing));
  if (repair.email) messages.push(emailMessage(REPAIR_READY_KIND, repairReadyEmail(repair.email, repair), timing));
  return messages;
}

export function getRepair(db: Db, id: number): Promise<Repair | undefined> {
  return db.query.repairs.findFirst({ where: eq(repairs.id, id) });
}

/**
 * A repair's own lines of its timeline (app/dashboard/record-timeline.server.ts adds the notes): every status it
 * had, with the estimate and promised date as they stood, and its ready messages (what went, what waits, what was
 * withdrawn), the newest of each, one list per source.
 */
export async function repairTimelineLines(db: Db, id: number, now: number): Promise<TimelineEntry[][]> {
  const [statuses, messages] = await db.batch([
    db.select().from(repairEvents).where(eq(repairEvents.repairId, id)).orderBy(desc(repairEvents.id)).limit(TIMELINE_LIMIT),
    db
      .select()
      .from(outbox)
      .where(and(sql`${outbox.leadKind} IS NULL`, eq(outbox.recordId, id), eq(outbox.kind, REPAIR_READY_KIND)))
      .orderBy(desc(outbox.id))
      .limit(TIMELINE_LIMIT),
  ]);
  // Two sources, in the order a change makes them: a status, then the message it queued (newestFirst).
  return [
    statuses.map((event, index): TimelineEntry => ({
      at: event.createdAt.getTime(),
      kind: "status",
      // The oldest line is the intake itself.
      title: index === statuses.length - 1 && statuses.length < TIMELINE_LIMIT ? `Logged as ${REPAIR_STATUS_LABELS[event.status]}` : `Status set to ${REPAIR_STATUS_LABELS[event.status]}`,
      by: event.actorEmail,
      body: `Estimate ${formatEstimate(event.estimateCents) || "none"} · promised ${formatCalendarDay(event.promisedDate)}`,
      seq: event.id,
    })),
    messages.map((row) => messageLine(row, now)),
  ];
}

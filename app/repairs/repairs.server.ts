import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { consentRecords, outbox, repairEvents, repairs } from "~/db/schema";
import { textablePhone } from "~/core/phone";
import { outsideQuietHours } from "~/core/reminders";
import { emailMessage, queueMessage, textMessage, type OutgoingMessage } from "~/messaging/outbox.server";
import { PICKUP_NOTICE_DAYS, repairReadyEmail, repairReadyText } from "./messages";
import { specialDaysWithin } from "~/hours/exceptions.server";
import type { SpecialDay } from "~/core/slots";
import { changedByMessage } from "~/inbox/rules";
import { formatCalendarDay, formatStoreDateTime, storeDate } from "~/core/store-time";
import { formatEstimate, REPAIR_TEXT_CONSENT_TEXT, REPAIR_TEXT_CONSENT_VERSION, type NewRepair, type RepairConflict, type RepairStatusChange } from "./rules";
import { CLOSED_REPAIR_STATUSES } from "~/core/repair-statuses";
import { NO_LONGER_READY, REPAIR_READY_KIND } from "../messaging/repair-ready-gate.server";
import { newTicketNumber } from "./ticket-number";

// The write side of repairs: a new ticket and a status change, each one D1
// batch (one transaction). What follows a write in its batch (the history line,
// the consent record, the ready message, its withdrawal) is keyed to that write
// (the repair's form_id or change_id), so a lost race or a replay adds nothing.
// The ready message goes through the one outbox, which checks consent, opt-outs,
// quiet hours and the daily limits again just before it sends (app/messaging/outbox-gate.server.ts).

export type Repair = typeof repairs.$inferSelect;
export type RepairEvent = typeof repairEvents.$inferSelect;

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
          staffNote: repair.staffNote,
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
 * Sets a repair's status (with its estimate, promised date and note), if it
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
  const messages = becomesReady ? await readyMessages(db, before, now) : [];
  const [updated, , , ...queued] = await db.batch([
    db
      .update(repairs)
      .set({
        status: change.status,
        estimateCents: change.estimate,
        promisedDate: change.promisedDate,
        staffNote: change.staffNote,
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
    current.promisedDate === change.promisedDate &&
    current.staffNote === change.staffNote;
  return same ? { status: "unchanged", repair: current } : { status: "stale", repair: current };
}

/** What the repair's page shows above the clerk's kept words when their change met a newer one. */
export function repairConflict(current: Repair): RepairConflict {
  return {
    message: changedByMessage(current.updatedBy, formatStoreDateTime(current.updatedAt.getTime()), "here is the repair as it is now"),
    status: current.status,
    estimate: formatEstimate(current.estimateCents),
    promised: formatCalendarDay(current.promisedDate),
    staffNote: current.staffNote,
    version: current.version,
  };
}

/**
 * The ready message in each channel the customer gave at the counter: a text with consent, an e-mail when they
 * left one. Both name the store's special days of the week from its sending, read from the one availability source.
 */
async function readyMessages(db: Db, repair: Repair, now: number): Promise<OutgoingMessage[]> {
  const timing = { sendAt: outsideQuietHours(now) };
  const phone = textablePhone(repair.phone);
  const wantsText = repair.textConsent && phone;
  if (!wantsText && !repair.email) return [];
  const specialDays: SpecialDay[] = await specialDaysWithin(db, storeDate(timing.sendAt), PICKUP_NOTICE_DAYS);
  const messages: OutgoingMessage[] = [];
  if (wantsText) messages.push(textMessage(REPAIR_READY_KIND, phone, repairReadyText(repair.ticket, specialDays), timing));
  if (repair.email) messages.push(emailMessage(REPAIR_READY_KIND, repairReadyEmail(repair.email, repair, specialDays), timing));
  return messages;
}

export function getRepair(db: Db, id: number): Promise<Repair | undefined> {
  return db.query.repairs.findFirst({ where: eq(repairs.id, id) });
}

export function repairHistory(db: Db, id: number): Promise<RepairEvent[]> {
  return db.select().from(repairEvents).where(eq(repairEvents.repairId, id)).orderBy(asc(repairEvents.id));
}

/** The ready messages queued for a repair, for its page (what went, what waits, what was withdrawn). */
export function repairMessages(db: Db, id: number) {
  return db
    .select({ id: outbox.id, channel: outbox.channel, status: outbox.status, nextAttemptAt: outbox.nextAttemptAt, sentAt: outbox.sentAt, lastError: outbox.lastError })
    .from(outbox)
    .where(and(sql`${outbox.leadKind} IS NULL`, eq(outbox.recordId, id), eq(outbox.kind, REPAIR_READY_KIND)))
    .orderBy(asc(outbox.id));
}

import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { consentRecords, outbox, recordNotes, repairEstimates, repairEvents, repairPhotos, repairs, type RepairPhotoStage } from "~/db/schema";
import { textablePhone } from "~/core/phone";
import { outsideQuietHours } from "~/core/reminders";
import { emailMessage, queueMessage, textMessage, type OutgoingMessage } from "~/messaging/outbox.server";
import { PICKUP_NOTICE_DAYS, repairEstimateEmail, repairEstimateText, repairReadyEmail, repairReadyText } from "./messages";
import { specialDaysWithin } from "~/hours/exceptions.server";
import type { SpecialDay } from "~/core/slots";
import { changedByMessage } from "~/inbox/rules";
import { messageLine } from "~/messaging/message-line";
import type { TimelineEntry } from "~/core/timeline";
import { formatCalendarDay, formatStoreDateTime, storeDate } from "~/core/store-time";
import {
  conditionText,
  formatEstimate,
  REPAIR_TEXT_CONSENT_TEXT,
  REPAIR_TEXT_CONSENT_VERSION,
  type EstimateRequest,
  type NewRepair,
  type RepairConflict,
  type RepairStatusChange,
} from "./rules";
import { CLOSED_REPAIR_STATUSES, isReadyStatus, REPAIR_STATUS_LABELS } from "~/core/repair-statuses";
import { NO_LONGER_READY, NO_LONGER_WAITING, REPAIR_ESTIMATE_KIND, REPAIR_READY_KIND } from "../messaging/repair-ready-gate.server";
import type { StoredPhoto } from "~/photos/receive.server";
import { REPAIR_PHOTOS } from "~/photos/rules";
import { newTicketNumber } from "./ticket-number";
import { reviewRequestStatements } from "~/records/review-request.server";
import { REVIEW_REQUEST_KIND } from "~/messaging/review-requests.server";

// The write side of repairs: a new ticket and a status change, each one D1
// batch (one transaction). What follows a write in its batch (the history line,
// the consent record, the ready message, its withdrawal) is keyed to that write
// (the repair's form_id or change_id), so a lost race or a replay adds nothing.
// The ready message goes through the one outbox, which checks consent, opt-outs,
// quiet hours and the daily limits again just before it sends (app/messaging/outbox-gate.server.ts).

export type Repair = typeof repairs.$inferSelect;
export type RepairEvent = typeof repairEvents.$inferSelect;
export type RepairEstimate = typeof repairEstimates.$inferSelect;
export type RepairPhoto = typeof repairPhotos.$inferSelect;

/** Who the history and the page name when the customer answered an estimate on /repair. */
export const CUSTOMER_ONLINE = "the customer, online";

const TIMELINE_LIMIT = 100;

/** A new number is drawn when one is taken; three clashes in a row at 30 bits would mean a broken generator. */
const TICKET_TRIES = 3;

export interface Clerk {
  email: string;
  ip: string;
}

export type CreateOutcome = { status: "stored" | "resubmitted"; id: number; ticket: string; createdAt: Date };

/** A new repair, with its intake photos (already in R2: the caller deletes them when this throws or finds the form stored before). */
export async function createRepair(
  db: Db,
  repair: NewRepair,
  clerk: Clerk,
  now = Date.now(),
  nextTicket = newTicketNumber,
  photos: readonly StoredPhoto[] = [],
): Promise<CreateOutcome> {
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
          conditionNotes: conditionText(repair.conditionPicks, repair.conditionNotes),
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
          // Agreed to texts about this repair (its estimate, its "ready"): it allows no other text to the number.
          purpose: sql`${"repair-updates"}`,
          consentVersion: sql`${REPAIR_TEXT_CONSENT_VERSION}`,
          consentText: sql`${REPAIR_TEXT_CONSENT_TEXT}`,
          ip: sql`${clerk.ip}`,
          createdAt: sql`${now}`,
          confirmedAt: sql`NULL`,
          confirmationSid: sql`NULL`,
        },
        sql`${byForm} AND ${repairs.textConsent} = 1`,
      ),
      ...photoRows(db, photos, "intake", byForm, clerk.email, now),
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

/** The batch statements that name a repair's photos (stored in R2 already) for the repair `from` selects. */
/**
 * The batch statements that store a stage's photos. With `after` (the completion photos the clerk's page showed),
 * the photos take the places after those, each only while exactly that many come before it: a second post of the
 * same form finds its places taken and stores nothing.
 */
function photoRows(db: Db, photos: readonly StoredPhoto[], stage: RepairPhotoStage, from: ReturnType<typeof sql>, clerkEmail: string, now: number, after?: number) {
  const stored = sql`(SELECT count(*) FROM ${repairPhotos} p WHERE p.repair_id = ${repairs.id} AND p.stage = ${stage})`;
  return photos.map((photo, index) =>
    insertSelect(
      db,
      repairPhotos,
      {
        id: sql`NULL`,
        repairId: sql`${repairs.id}`,
        stage: sql`${stage}`,
        objectKey: sql`${photo.key}`,
        contentType: sql`${photo.contentType}`,
        fileName: sql`${photo.fileName}`,
        size: sql`${photo.size}`,
        // After the photos of this stage already stored, this batch's earlier ones included (completion photos may come in more than one post).
        position:
          after === undefined ? sql`1 + coalesce((SELECT max(p.position) FROM ${repairPhotos} p WHERE p.repair_id = ${repairs.id} AND p.stage = ${stage}), 0)` : sql`${after + index + 1}`,
        createdBy: sql`${clerkEmail}`,
        createdAt: sql`${now}`,
      },
      // Never more than a stage's limit, even when two posts race (an object left unnamed is swept nightly).
      after === undefined ? sql`${from} AND ${stored} < ${REPAIR_PHOTOS.count}` : sql`${from} AND ${stored} = ${after + index} AND ${stored} < ${REPAIR_PHOTOS.count}`,
    ),
  );
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
  /** Waiting for approval is set with an estimate (requestEstimate), not by the status alone: nothing was written. */
  | { status: "needs-estimate" }
  | { status: "not-found" };

/**
 * Sets a repair's status (with its estimate and promised date), if it
 * still is the version the clerk saw. Setting it ready (repaired or not) queues the ready
 * message once, in the channels the customer agreed to, for the first moment
 * outside the quiet hours; any other status withdraws one not yet sent. Moving on from
 * Waiting for approval withdraws the estimate still unanswered, and its message if unsent.
 */
export async function changeRepairStatus(db: Db, id: number, change: RepairStatusChange, clerk: Clerk, now = Date.now()): Promise<ChangeOutcome> {
  const before = await getRepair(db, id);
  if (!before) return { status: "not-found" };
  if (before.version !== change.version) return staleOutcome(before, change);
  if (change.status === "waiting_approval" && before.status !== "waiting_approval") return { status: "needs-estimate" };

  const changeId = crypto.randomUUID();
  const closes = CLOSED_REPAIR_STATUSES.includes(change.status);
  const ready = isReadyStatus(change.status);
  const becomesReady = ready && before.status !== change.status;
  const thisChange = sql`FROM ${repairs} WHERE ${repairs.id} = ${id} AND ${repairs.changeId} = ${changeId}`;
  const messages = becomesReady ? await readyMessages(db, before, now, change.status === "ready") : [];
  // Picked up: the customer is asked for a review the next day, once (decision 146).
  const pickedUp = change.status === "picked_up" && before.status !== "picked_up";
  const reviewRequest = pickedUp ? await reviewRequestStatements(db, { kind: "repair", ...before }, thisChange, now) : [];
  const [updated, , , , , ...queued] = await db.batch([
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
        readyAt: ready ? (isReadyStatus(before.status) ? before.readyAt : new Date(now)) : null,
        closedAt: closes ? (before.status === change.status ? before.closedAt : new Date(now)) : null,
      })
      .where(and(eq(repairs.id, id), eq(repairs.version, change.version)))
      .returning(),
    historyLine(db, thisChange, now),
    withdrawUnsent(db, id, REPAIR_READY_KIND, NO_LONGER_READY, thisChange, ready && !becomesReady),
    withdrawEstimate(db, id, thisChange, change.status === "waiting_approval", now),
    withdrawUnsent(db, id, REPAIR_ESTIMATE_KIND, NO_LONGER_WAITING, thisChange, change.status === "waiting_approval"),
    ...queueOnce(db, id, REPAIR_READY_KIND, messages, thisChange, now),
    ...reviewRequest,
  ]);
  const repair = (updated as Repair[])[0];
  if (!repair) {
    const current = await getRepair(db, id);
    return current ? staleOutcome(current, change) : { status: "not-found" };
  }
  return { status: "changed", repair, queued: (queued as { id: number; nextAttemptAt: Date }[][]).flat() };
}

/** Cancels the repair's unsent messages of `kind` when `change` was written, unless `keep`. */
function withdrawUnsent(db: Db, id: number, kind: string, why: string, change: ReturnType<typeof sql>, keep: boolean) {
  return db
    .update(outbox)
    .set({ status: "cancelled", lastError: why })
    .where(
      and(
        sql`${outbox.leadKind} IS NULL`,
        eq(outbox.recordId, id),
        eq(outbox.kind, kind),
        inArray(outbox.status, ["pending", "failed"]),
        sql`${keep ? 0 : 1} = 1`,
        sql`EXISTS (SELECT 1 ${change})`,
      ),
    );
}

/** Marks the repair's unanswered estimate withdrawn when `change` was written, unless `keep`: the customer can no longer answer it. */
function withdrawEstimate(db: Db, id: number, change: ReturnType<typeof sql>, keep: boolean, now: number) {
  return db
    .update(repairEstimates)
    .set({ decision: "withdrawn", decidedAt: new Date(now) })
    .where(and(eq(repairEstimates.repairId, id), isNull(repairEstimates.decision), sql`${keep ? 0 : 1} = 1`, sql`EXISTS (SELECT 1 ${change})`));
}

/** Queues each message when `change` was written, unless one of its kind and channel is waiting or went out already: told once. */
function queueOnce(db: Db, id: number, kind: string, messages: OutgoingMessage[], change: ReturnType<typeof sql>, now: number) {
  return messages.map((message) =>
    queueMessage(
      db,
      message,
      {
        leadKind: null,
        recordId: sql`${repairs.id}`,
        from: sql`${change} AND NOT EXISTS (SELECT 1 FROM ${outbox} o WHERE o.lead_kind IS NULL AND o.record_id = ${id}
          AND o.kind = ${kind} AND o.channel = ${message.channel} AND o.status != 'cancelled')`,
      },
      now,
    ),
  );
}

export type EstimateOutcome =
  | { status: "asked"; repair: Repair; queued: { id: number; nextAttemptAt: Date }[] }
  | { status: "stale"; repair: Repair }
  | { status: "not-found" };

/**
 * Sets a repair Waiting for approval with an estimate (amount and the work found), over the version the
 * clerk saw: one estimate row, a history line, an earlier unanswered estimate withdrawn, and the customer
 * told once (a text with the counter consent that names estimates, an e-mail when they left one).
 */
export async function requestEstimate(db: Db, id: number, request: EstimateRequest, clerk: Clerk, now = Date.now()): Promise<EstimateOutcome> {
  const before = await getRepair(db, id);
  if (!before) return { status: "not-found" };
  if (before.version !== request.version) return { status: "stale", repair: before };
  const changeId = crypto.randomUUID();
  const amount = request.amount!;
  const thisChange = sql`FROM ${repairs} WHERE ${repairs.id} = ${id} AND ${repairs.changeId} = ${changeId}`;
  const timing = { sendAt: outsideQuietHours(now) };
  const messages: OutgoingMessage[] = [];
  const phone = textablePhone(before.phone);
  if (before.textConsent && phone) messages.push(textMessage(REPAIR_ESTIMATE_KIND, phone, repairEstimateText(before.ticket, formatEstimate(amount)), timing));
  if (before.email) {
    messages.push(emailMessage(REPAIR_ESTIMATE_KIND, await repairEstimateEmail(before.email, before, { amount: formatEstimate(amount), description: request.description }), timing));
  }
  const [updated, , , , , , ...queued] = await db.batch([
    db
      .update(repairs)
      .set({
        status: "waiting_approval",
        estimateCents: amount,
        version: sql`${repairs.version} + 1`,
        changeId,
        updatedAt: new Date(now),
        updatedBy: clerk.email,
        readyAt: null,
        closedAt: null,
      })
      .where(and(eq(repairs.id, id), eq(repairs.version, request.version)))
      .returning(),
    historyLine(db, thisChange, now),
    withdrawEstimate(db, id, thisChange, false, now),
    withdrawUnsent(db, id, REPAIR_ESTIMATE_KIND, NO_LONGER_WAITING, thisChange, false),
    withdrawUnsent(db, id, REPAIR_READY_KIND, NO_LONGER_READY, thisChange, false),
    insertSelect(
      db,
      repairEstimates,
      {
        id: sql`NULL`,
        repairId: sql`${repairs.id}`,
        amountCents: sql`${amount}`,
        description: sql`${request.description}`,
        createdBy: sql`${clerk.email}`,
        createdAt: sql`${now}`,
        changeId: sql`${changeId}`,
        decision: sql`NULL`,
        decidedAt: sql`NULL`,
        decidedIp: sql`NULL`,
        decisionChangeId: sql`NULL`,
      },
      thisChange,
    ),
    // Each estimate is told once: its messages are keyed to its own change, and an earlier estimate's unsent ones were withdrawn above.
    ...messages.map((message) => queueMessage(db, message, { leadKind: null, recordId: sql`${repairs.id}`, from: thisChange }, now)),
  ]);
  const repair = (updated as Repair[])[0];
  if (!repair) {
    const current = await getRepair(db, id);
    return current ? { status: "stale", repair: current } : { status: "not-found" };
  }
  return { status: "asked", repair, queued: (queued as { id: number; nextAttemptAt: Date }[][]).flat() };
}

export type DecisionOutcome =
  | { status: "decided"; repair: Repair; estimate: RepairEstimate; queued: { id: number; nextAttemptAt: Date }[] }
  /** Answered before (by this tap's twin, a replay, or earlier): nothing changed. */
  | { status: "already"; estimate: RepairEstimate }
  /** No estimate of this repair by that id waits for an answer (withdrawn, or never): nothing changed. */
  | { status: "not-pending" };

/**
 * The customer's answer to an estimate, once (decision 141): the estimate row is written only while its
 * decision is empty and the repair still waits for approval, and the repair's change in the same batch is
 * keyed to that write, so of two taps at once one decides and the other finds it decided. Approved: the
 * repair goes back In progress at the approved amount. Declined: Ready for pickup, not repaired, with no
 * estimate, and the ready message says so.
 */
export async function decideEstimate(
  db: Db,
  repairId: number,
  estimateId: number,
  decision: "approve" | "decline",
  ip: string,
  now = Date.now(),
): Promise<DecisionOutcome> {
  const before = await getRepair(db, repairId);
  const asked = await db.query.repairEstimates.findFirst({ where: and(eq(repairEstimates.id, estimateId), eq(repairEstimates.repairId, repairId)) });
  if (!before || !asked) return { status: "not-pending" };
  if (asked.decision === "approved" || asked.decision === "declined") return { status: "already", estimate: asked };
  if (asked.decision !== null || before.status !== "waiting_approval") return { status: "not-pending" };

  const changeId = crypto.randomUUID();
  const approved = decision === "approve";
  const thisChange = sql`FROM ${repairs} WHERE ${repairs.id} = ${repairId} AND ${repairs.changeId} = ${changeId}`;
  const messages = approved ? [] : await readyMessages(db, before, now, false);
  const [decided, updated, , ...queued] = await db.batch([
    db
      .update(repairEstimates)
      .set({ decision: approved ? "approved" : "declined", decidedAt: new Date(now), decidedIp: ip, decisionChangeId: changeId })
      .where(
        and(
          eq(repairEstimates.id, estimateId),
          isNull(repairEstimates.decision),
          sql`EXISTS (SELECT 1 FROM ${repairs} r WHERE r.id = ${repairId} AND r.status = 'waiting_approval')`,
        ),
      )
      .returning(),
    db
      .update(repairs)
      .set({
        status: approved ? "in_progress" : "ready_unrepaired",
        // Declined: the repair has no estimate the customer agreed to; the declined amount stays on its estimate row (decision 143).
        estimateCents: approved ? asked.amountCents : null,
        version: sql`${repairs.version} + 1`,
        changeId,
        updatedAt: new Date(now),
        updatedBy: CUSTOMER_ONLINE,
        readyAt: approved ? null : new Date(now),
      })
      .where(and(eq(repairs.id, repairId), sql`EXISTS (SELECT 1 FROM ${repairEstimates} e WHERE e.decision_change_id = ${changeId})`))
      .returning(),
    historyLine(db, thisChange, now),
    ...queueOnce(db, repairId, REPAIR_READY_KIND, messages, thisChange, now),
  ]);
  const estimate = (decided as RepairEstimate[])[0];
  const repair = (updated as Repair[])[0];
  if (estimate && repair) return { status: "decided", repair, estimate, queued: (queued as { id: number; nextAttemptAt: Date }[][]).flat() };
  const latest = await db.query.repairEstimates.findFirst({ where: eq(repairEstimates.id, estimateId) });
  return latest?.decision === "approved" || latest?.decision === "declined" ? { status: "already", estimate: latest } : { status: "not-pending" };
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

/**
 * The ready message in each channel the customer gave at the counter: a text with consent, an e-mail when they
 * left one. Both name the store's special days of the week from its sending, read from the one availability source.
 */
async function readyMessages(db: Db, repair: Repair, now: number, repaired: boolean): Promise<OutgoingMessage[]> {
  const timing = { sendAt: outsideQuietHours(now) };
  const phone = textablePhone(repair.phone);
  const wantsText = repair.textConsent && phone;
  if (!wantsText && !repair.email) return [];
  const specialDays: SpecialDay[] = await specialDaysWithin(db, storeDate(timing.sendAt), PICKUP_NOTICE_DAYS);
  const messages: OutgoingMessage[] = [];
  if (wantsText) messages.push(textMessage(REPAIR_READY_KIND, phone, repairReadyText(repair.ticket, repaired, specialDays), timing));
  if (repair.email) messages.push(emailMessage(REPAIR_READY_KIND, await repairReadyEmail(repair.email, repair, repaired, specialDays), timing));
  return messages;
}

/** Whether the New repair form with this id was stored already (its photos are then not stored again). */
export async function repairStoredFor(db: Db, formId: FormDataEntryValue | null): Promise<boolean> {
  if (typeof formId !== "string") return false;
  return (await db.query.repairs.findFirst({ columns: { id: true }, where: eq(repairs.formId, formId) })) !== undefined;
}

export function getRepair(db: Db, id: number): Promise<Repair | undefined> {
  return db.query.repairs.findFirst({ where: eq(repairs.id, id) });
}

export function repairHistory(db: Db, id: number): Promise<RepairEvent[]> {
  return db.select().from(repairEvents).where(eq(repairEvents.repairId, id)).orderBy(asc(repairEvents.id));
}

/**
 * A repair's own lines of its timeline (app/dashboard/record-timeline.server.ts adds the notes): every status it
 * had, with the estimate and promised date as they stood, and its ready, estimate and review messages (what went, what waits, what was
 * withdrawn), the newest of each, one list per source.
 */
export async function repairTimelineLines(db: Db, id: number, now: number): Promise<TimelineEntry[][]> {
  const [statuses, messages] = await db.batch([
    db.select().from(repairEvents).where(eq(repairEvents.repairId, id)).orderBy(desc(repairEvents.id)).limit(TIMELINE_LIMIT),
    db
      .select()
      .from(outbox)
      .where(and(sql`${outbox.leadKind} IS NULL`, eq(outbox.recordId, id), inArray(outbox.kind, [REPAIR_READY_KIND, REPAIR_ESTIMATE_KIND, REVIEW_REQUEST_KIND])))
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

/** A repair's estimates, newest first, with what became of each. */
export function repairEstimatesOf(db: Db, id: number): Promise<RepairEstimate[]> {
  return db.select().from(repairEstimates).where(eq(repairEstimates.repairId, id)).orderBy(desc(repairEstimates.id));
}

/** A repair's photos, intake first, each stage in the order chosen. */
export function repairPhotosOf(db: Db, id: number): Promise<RepairPhoto[]> {
  return db.select().from(repairPhotos).where(eq(repairPhotos.repairId, id)).orderBy(asc(repairPhotos.stage), asc(repairPhotos.position));
}

/**
 * Adds completion photos (in R2 already) to a repair: the ones stored, or null when the repair is gone. A photo
 * past the stage's limit (two posts at once) is not stored: the caller deletes what is not returned.
 */
/** Stores completion photos after the `after` the clerk's page showed; the ones stored, or null when there is no such repair. */
export async function addCompletionPhotos(db: Db, id: number, photos: readonly StoredPhoto[], clerk: Clerk, after: number, now = Date.now()): Promise<StoredPhoto[] | null> {
  const thisRepair = sql`FROM ${repairs} WHERE ${repairs.id} = ${id}`;
  const [head, ...rest] = photoRows(db, photos, "completion", thisRepair, clerk.email, now, after);
  if (!head) return (await getRepair(db, id)) ? [] : null;
  const results = await db.batch([head, ...rest]);
  const stored = photos.filter((_, at) => (results[at] as { meta?: { changes?: number } }).meta?.changes !== 0);
  if (stored.length === 0 && !(await getRepair(db, id))) return null;
  return stored;
}

/** The completion photos stored after the first `after`, in order: what a second post of one form finds in its places. */
export async function completionPhotosAfter(db: Db, id: number, after: number) {
  return db
    .select({ fileName: repairPhotos.fileName, size: repairPhotos.size })
    .from(repairPhotos)
    .where(and(eq(repairPhotos.repairId, id), eq(repairPhotos.stage, "completion"), gt(repairPhotos.position, after)))
    .orderBy(repairPhotos.position);
}

/** How many completion photos a repair has, or null when there is no such repair. */
export async function completionPhotoCount(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ count: count(repairPhotos.id) })
    .from(repairs)
    .leftJoin(repairPhotos, and(eq(repairPhotos.repairId, repairs.id), eq(repairPhotos.stage, "completion")))
    .where(eq(repairs.id, id))
    .groupBy(repairs.id);
  return row ? row.count : null;
}

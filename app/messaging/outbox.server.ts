import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { messaging } from "~/config/messaging";
import { getDb, type Db } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { appointments, outbox, SEAT_RELEASING_STATUSES } from "~/db/schema";
import { LEADS, type LeadKind } from "~/core/lead-kinds";
import { REPAIR_READY_KIND, repairReadyGate } from "~/messaging/repair-ready-gate.server";
import { isQuietHour, outsideQuietHours } from "~/core/reminders";
import { RECORD_ID_SLOT, type Email } from "./email";
import { configuredNotifier, type Notifier } from "./mailchannels.server";
import { AUTOMATED_KINDS, messageKindInfo, type Channel, type MessageKind } from "./message-kinds";
import { TEXT_REFUSALS, textPermission, type TextPurpose } from "./text-permission.server";
import { configuredSmsSender, RecipientOptedOut, type SmsSender } from "./twilio.server";

// The one outbox for every e-mail and text (docs/decisions/022 and 065). A row
// is written in the same D1 batch as what it is about, sent after the response
// (ctx.waitUntil) or when it falls due, and retried by the cron with backoff.
// Just before a send, with the row claimed, the rules are checked again: a
// reminder only while its appointment still starts then and outside the quiet
// hours (a repair's "ready" likewise only while the repair is still ready), a
// text only to a number with consent (a promotion: promotional consent) and not
// opted out, and nothing past the daily limits; the one exception is the answer
// to a HELP or STOP keyword, which anyone who texts it gets. What no longer may
// be sent is marked cancelled, with why.

/** A claimed row is left alone this long, so the cron and a waitUntil never send it twice. */
const CLAIM_LEASE_MS = 2 * 60 * 1000;
const FIRST_RETRY_MS = 5 * 60 * 1000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;
/** About a day of retries (5 min, 10, 20, … capped at 6 h) before a row stays failed. */
export const MAX_ATTEMPTS = 10;
const CRON_BATCH = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** Rows still owed a delivery attempt (the status index serves this IN list). */
const UNSENT = inArray(outbox.status, ["pending", "failed"]);

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

/** Sends what the batch just queued and is already due; later ones wait for the cron. */
export function deliverQueued(env: Env, ctx: ExecutionContext, queued: { id: number; nextAttemptAt: Date }[], now: number) {
  for (const row of queued) if (row.nextAttemptAt.getTime() <= now) ctx.waitUntil(deliverOutboxMessage(env, row.id));
}

// ---------------------------------------------------------------- delivery

export type DeliveryOutcome = "sent" | "failed" | "held" | "skipped" | "cancelled" | "deferred";

interface DeliveryOptions {
  /** The e-mail sender; defaults to the configured one; null means no key, so e-mails are only logged. */
  notifier?: Notifier | null;
  /** The text sender; defaults to the configured one; null means no credentials, so texts are only logged. */
  sms?: SmsSender | null;
  now?: number;
}

function sendersFor(env: Env, options: DeliveryOptions): Record<Channel, Notifier | SmsSender | null> {
  return {
    email: options.notifier === undefined ? configuredNotifier(env) : options.notifier,
    sms: options.sms === undefined ? configuredSmsSender(env) : options.sms,
  };
}

/** Each channel's missing-credentials notice is logged once per isolate, with the first message held, not per message. */
const warnedUnconfigured = new Set<Channel>();

const NOT_CONFIGURED: Record<Channel, string> = {
  email: "MAILCHANNELS_API_KEY is not set",
  sms: "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are not all set",
};

type Claimed = typeof outbox.$inferSelect;
type Gate = { go: true } | { go: false; cancel: string } | { go: false; deferUntil: number };

/** The rules a claimed row must still meet at the moment it would be sent. */
async function checkBeforeSend(db: Db, row: Claimed, now: number): Promise<Gate> {
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
    if (isQuietHour(now)) return { go: false, deferUntil: outsideQuietHours(now) };
  }
  if (messageKindInfo(row.kind)?.answersKeyword) {
    // The answer to HELP or STOP goes to whoever sent it (queued once per number per day);
    // it is counted, so the store's daily total stays true, but never held back.
    await db.update(outbox).set({ countedAt: sql`coalesce(${outbox.countedAt}, ${now})` }).where(eq(outbox.id, row.id));
    return { go: true };
  }
  if (row.kind === REPAIR_READY_KIND) {
    const held = await repairReadyGate(db, row.recordId, now);
    if (held) return { go: false, ...held };
  }
  if (row.channel === "sms") {
    const need = textPurposeOf(row);
    const permission = need ? await textPermission(db, row.recipient, need) : null;
    if (!permission?.ok) return { go: false, cancel: `Not sent: ${TEXT_REFUSALS[permission?.reason ?? "no-consent"]}` };
  }
  if (messageKindInfo(row.kind)?.heldInQuietHours && isQuietHour(now)) return { go: false, deferUntil: outsideQuietHours(now) };
  return (await countAgainstDailyLimits(db, row, now)) ? { go: true } : { go: false, cancel: dailyLimitReason(row) };
}

/** The consent a text relies on: the one given with the record it is about (decision 135); null when it is about none. */
function textPurposeOf(row: Claimed): TextPurpose | null {
  const consent = messageKindInfo(row.kind)?.consent ?? "transactional";
  if (consent === "promotional") return { purpose: "promotional" };
  if (consent === "repair-ready") return { purpose: consent, record: { kind: "repair", id: row.recordId } };
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

/** Sends one queued message if it is due and nobody else holds it. */
export async function deliverOutboxMessage(env: Env, id: number, options: DeliveryOptions = {}): Promise<DeliveryOutcome> {
  const senders = sendersFor(env, options);
  const now = options.now ?? Date.now();
  const db = getDb(env);

  const row = await db.query.outbox.findFirst({ where: eq(outbox.id, id) });
  if (!row) return "skipped";
  const sender = senders[row.channel];
  if (!sender) {
    if (!warnedUnconfigured.has(row.channel)) {
      warnedUnconfigured.add(row.channel);
      const what = row.channel === "email" ? "e-mail" : "text";
      const subject = row.subject ? `\nSubject: ${row.subject}` : "";
      console.log(`${NOT_CONFIGURED[row.channel]}; ${what} ${row.id} stays in the outbox.\nTo: ${row.recipient}${subject}\n\n${row.textBody}`);
    }
    return "held";
  }

  const [claimed] = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now + CLAIM_LEASE_MS) })
    .where(
      and(eq(outbox.id, id), UNSENT, lt(outbox.attempts, MAX_ATTEMPTS), lte(outbox.nextAttemptAt, new Date(now))),
    )
    .returning();
  if (!claimed) return "skipped";

  const gate = await checkBeforeSend(db, claimed, now);
  if (!gate.go) {
    if ("deferUntil" in gate) {
      // Not a failed attempt: the row waits for the end of the quiet hours.
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: new Date(gate.deferUntil) })
        .where(eq(outbox.id, id));
      return "deferred";
    }
    await db.update(outbox).set({ status: "cancelled", lastError: gate.cancel }).where(eq(outbox.id, id));
    return "cancelled";
  }

  let providerId: string | null = null;
  try {
    if (row.channel === "email") {
      await (sender as Notifier).send({
        to: claimed.recipient,
        subject: claimed.subject,
        html: claimed.html,
        text: claimed.textBody,
        ...(claimed.replyTo ? { replyTo: claimed.replyTo } : {}),
        ...(claimed.calendarFile ? { calendarFile: claimed.calendarFile } : {}),
      });
    } else {
      ({ providerId } = await (sender as SmsSender).send({ to: claimed.recipient, body: claimed.textBody }));
    }
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (error instanceof RecipientOptedOut) {
      await db.update(outbox).set({ status: "cancelled", lastError: message }).where(eq(outbox.id, id));
      return "cancelled";
    }
    console.error(`outbox ${row.channel} ${id} failed (attempt ${claimed.attempts})`, message);
    await db
      .update(outbox)
      .set({ status: "failed", lastError: message.slice(0, 500), nextAttemptAt: new Date(now + retryDelayMs(claimed.attempts)) })
      .where(eq(outbox.id, id));
    return "failed";
  }
  await db.update(outbox).set({ status: "sent", sentAt: new Date(), lastError: null, providerId }).where(eq(outbox.id, id));
  return "sent";
}

const DUE = (now: number) => and(UNSENT, lt(outbox.attempts, MAX_ATTEMPTS), lte(outbox.nextAttemptAt, new Date(now)));

/** The cron's work: every message that is pending or failed and due again, oldest first. */
export async function deliverDueOutbox(env: Env, options: DeliveryOptions = {}): Promise<DeliveryOutcome[]> {
  const now = options.now ?? Date.now();
  const senders = sendersFor(env, options);
  const db = getDb(env);
  const channels = ["email", "sms"] as const;
  const unconfigured = channels.filter((channel) => !senders[channel]);
  if (unconfigured.length) {
    logWaiting(
      await db
        .select({ channel: outbox.channel, kind: outbox.kind, count: sql<number>`count(*)` })
        .from(outbox)
        .where(and(DUE(now), inArray(outbox.channel, unconfigured)))
        .groupBy(outbox.channel, outbox.kind),
    );
  }
  const ready = channels.filter((channel) => senders[channel]);
  if (ready.length === 0) return [];
  const due = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(DUE(now), inArray(outbox.channel, ready)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(CRON_BATCH);
  const outcomes: DeliveryOutcome[] = [];
  for (const { id } of due) {
    outcomes.push(await deliverOutboxMessage(env, id, { notifier: senders.email as Notifier | null, sms: senders.sms as SmsSender | null, now }));
  }
  return outcomes;
}

/** Without a provider's credentials the cron says what waits for them (npm start, tests). */
function logWaiting(groups: { channel: Channel; kind: string; count: number }[]) {
  const total = (match: (group: { channel: Channel; kind: string }) => boolean) =>
    groups.filter(match).reduce((sum, group) => sum + group.count, 0);
  const staffEmails = total((group) => group.channel === "email" && messageKindInfo(group.kind)?.audience === "staff");
  const visitorEmails = total((group) => group.channel === "email") - staffEmails;
  const texts = total((group) => group.channel === "sms");
  if (staffEmails) console.log(`${staffEmails} staff e-mails wait in the outbox until MAILCHANNELS_API_KEY is set.`);
  if (visitorEmails) console.log(`${visitorEmails} visitor e-mails wait in the outbox until MAILCHANNELS_API_KEY is set.`);
  if (texts) console.log(`${texts} texts wait in the outbox until the Twilio credentials are set.`);
}

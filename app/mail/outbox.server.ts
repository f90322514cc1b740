import { and, asc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { outbox } from "~/db/schema";
import { LEADS, type LeadKind } from "~/leads/kinds";
import type { Email } from "./email";
import { configuredNotifier, type Notifier } from "./mailchannels.server";

// Staff e-mails go through the outbox table: the row is written in the same D1
// batch as the record it announces, sent after the response (ctx.waitUntil), and
// retried by the cron with backoff. The record never depends on the e-mail.

/** A claimed row is left alone this long, so the cron and a waitUntil never send it twice. */
const CLAIM_LEASE_MS = 2 * 60 * 1000;
const FIRST_RETRY_MS = 5 * 60 * 1000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;
/** About a day of retries (5 min, 10, 20, … capped at 6 h) before a row stays failed. */
export const MAX_ATTEMPTS = 10;
const CRON_BATCH = 20;

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** Rows still owed a delivery attempt (the status index serves this IN list). */
const UNSENT = inArray(outbox.status, ["pending", "failed"]);

/**
 * The batch statement that queues the e-mail for the record stored under
 * `submissionId`. It inserts nothing when that record does not exist (the insert
 * before it lost a race) or already has its e-mail (a resubmitted form).
 */
export function queueLeadEmail(db: Db, kind: LeadKind, submissionId: string, email: Email, now: number) {
  const table = sql.identifier(LEADS[kind].table);
  return insertSelect(
    db,
    outbox,
    {
      id: sql`NULL`,
      kind: sql`${kind}`,
      recordId: sql`${table}.id`,
      recipient: sql`${email.to}`,
      subject: sql`${email.subject}`,
      html: sql`${email.html}`,
      textBody: sql`${email.text}`,
      status: sql`'pending'`,
      attempts: sql`0`,
      nextAttemptAt: sql`${now}`,
      lastError: sql`NULL`,
      sentAt: sql`NULL`,
      createdAt: sql`${now}`,
    },
    sql`FROM ${table}
      WHERE ${table}.submission_token = ${submissionId}
        AND NOT EXISTS (SELECT 1 FROM ${outbox} WHERE ${outbox.kind} = ${kind} AND ${outbox.recordId} = ${table}.id)`,
  ).returning({ id: outbox.id });
}

/**
 * The statement that queues any other e-mail (an invitation, a password link):
 * `kind` and `recordId` say what it is about. Deliver it after the batch commits.
 */
export function queueEmail(db: Db, kind: string, recordId: number, email: Email, now = Date.now()) {
  return db
    .insert(outbox)
    .values({
      kind,
      recordId,
      recipient: email.to,
      subject: email.subject,
      html: email.html,
      textBody: email.text,
      status: "pending",
      attempts: 0,
      nextAttemptAt: new Date(now),
      createdAt: new Date(now),
    })
    .returning({ id: outbox.id });
}

export type DeliveryOutcome = "sent" | "failed" | "held" | "skipped";

interface DeliveryOptions {
  /** Defaults to the configured notifier; null means no key, so the message is only logged. */
  notifier?: Notifier | null;
  now?: number;
}

/** Sends one queued e-mail if it is due and nobody else holds it. */
export async function deliverOutboxMessage(env: Env, id: number, options: DeliveryOptions = {}): Promise<DeliveryOutcome> {
  const notifier = options.notifier === undefined ? configuredNotifier(env) : options.notifier;
  const now = options.now ?? Date.now();
  const db = getDb(env);

  if (!notifier) {
    const row = await db.query.outbox.findFirst({ where: eq(outbox.id, id) });
    if (row) {
      console.log(`MAILCHANNELS_API_KEY is not set; e-mail ${row.id} stays in the outbox.\nTo: ${row.recipient}\nSubject: ${row.subject}\n\n${row.textBody}`);
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

  try {
    await notifier.send({ to: claimed.recipient, subject: claimed.subject, html: claimed.html, text: claimed.textBody });
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    console.error(`outbox e-mail ${id} failed (attempt ${claimed.attempts})`, message);
    await db
      .update(outbox)
      .set({ status: "failed", lastError: message.slice(0, 500), nextAttemptAt: new Date(now + retryDelayMs(claimed.attempts)) })
      .where(eq(outbox.id, id));
    return "failed";
  }
  await db.update(outbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(outbox.id, id));
  return "sent";
}

/** The cron's work: every e-mail that is pending or failed and due again, oldest first. */
export async function deliverDueOutbox(env: Env, options: DeliveryOptions = {}): Promise<DeliveryOutcome[]> {
  const now = options.now ?? Date.now();
  const notifier = options.notifier === undefined ? configuredNotifier(env) : options.notifier;
  const due = await getDb(env)
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(UNSENT, lt(outbox.attempts, MAX_ATTEMPTS), lte(outbox.nextAttemptAt, new Date(now))))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(CRON_BATCH);
  if (!notifier) {
    if (due.length) console.log(`${due.length} staff e-mails wait in the outbox until MAILCHANNELS_API_KEY is set.`);
    return due.map(() => "held");
  }
  const outcomes: DeliveryOutcome[] = [];
  for (const { id } of due) outcomes.push(await deliverOutboxMessage(env, id, { notifier, now }));
  return outcomes;
}

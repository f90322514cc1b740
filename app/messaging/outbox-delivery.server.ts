import { and, asc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { configuredNotifier, type Notifier } from "./mailchannels.server";
import { messageKindInfo, type Channel } from "./message-kinds";
import { checkBeforeSend } from "./outbox-gate.server";
import { UNSENT } from "./outbox.server";
import { markReviewRequestSent, REVIEW_REQUEST_KIND } from "./review-requests.server";
import { configuredSmsSender, RecipientOptedOut, type SmsSender } from "./twilio.server";

// The outbox, part 3 of 3: sending. A queued row is sent after the response (ctx.waitUntil) or when it falls due,
// claimed first so the cron and a waitUntil never send it twice, checked once more (outbox-gate.server.ts), and
// retried by the cron with backoff.

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

/** Sends what the batch just queued and is already due; later ones wait for the cron. */
export function deliverQueued(env: Env, ctx: ExecutionContext, queued: { id: number; nextAttemptAt: Date }[], now: number) {
  for (const row of queued) if (row.nextAttemptAt.getTime() <= now) ctx.waitUntil(deliverOutboxMessage(env, row.id));
}

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
  const sent = db.update(outbox).set({ status: "sent", sentAt: new Date(), lastError: null, providerId }).where(eq(outbox.id, id));
  // A review request counts as asked, for its customer's next 180 days and the monthly count, once it went.
  if (claimed.kind === REVIEW_REQUEST_KIND) await db.batch([sent, markReviewRequestSent(db, id, now)]);
  else await sent;
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

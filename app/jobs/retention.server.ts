import { sql } from "drizzle-orm";
import { deletePhotos } from "~/photos/storage.server";
import { allRows, runBatch, statement } from "~/db/sql.server";

// Deletes what the privacy policy (/privacy, "How long we keep records") says we
// no longer keep. Runs from the Cron Trigger; each run removes a bounded batch
// per table so a large backlog drains over several runs instead of one long query.
// An order's photos go with it: their objects are deleted from R2 first (their
// rows follow the order through ON DELETE CASCADE).

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export const RETENTION = {
  /** Contact messages and custom order requests. */
  leadsMs: 730 * DAY_MS,
  /** Repairs picked up or cancelled, counted from then; their history goes with them (ON DELETE CASCADE). */
  closedRepairsMs: 730 * DAY_MS,
  /** Appointments, counted from the appointment itself. */
  appointmentsMs: 365 * DAY_MS,
  /** Copies of the e-mails and texts the site sent, and of the texts it received. */
  outboxMs: 90 * DAY_MS,
  /** Text-message consent and opt-out records, independent of the lead they came with: at least 4 years. */
  smsConsentMs: 1461 * DAY_MS,
  /** Spam-protection and sign-in counters by IP or e-mail. */
  rateLimitsMs: 60 * 60 * 1000,
  /** Who booked an appointment (keyed hashes of browser and address), for the daily booking caps. */
  bookerKeysMs: DAY_MS,
  /** The staff audit trail (a trigger refuses deleting anything younger). */
  auditMs: 730 * DAY_MS,
  /** Staff sessions, counted from their last use (they end after 12 idle hours). */
  sessionsMs: 12 * 60 * 60 * 1000,
} as const;

function purgeOlderThan(env: Env, table: string, column: string, cutoff: number) {
  const [name, by] = [sql.identifier(table), sql.identifier(column)];
  return statement(env, sql`DELETE FROM ${name} WHERE rowid IN (SELECT rowid FROM ${name} WHERE ${by} < ${cutoff} LIMIT ${BATCH})`);
}

/** The R2 objects of orders past retention, as many as one run deletes orders (BATCH) can hold. */
async function expiredOrderPhotoKeys(env: Env, cutoff: number): Promise<string[]> {
  const rows = await allRows<{ key: string }>(
    env,
    sql`SELECT p.object_key AS key FROM order_photos p
      WHERE p.order_id IN (SELECT rowid FROM orders WHERE created_at < ${cutoff} LIMIT ${BATCH})`,
  );
  return rows.map((row) => row.key);
}

/**
 * Opt-out rows past the period, except a number's newest row when it says
 * "stop": that number stays opted out until it texts START, however long ago.
 */
function purgeOptOuts(env: Env, cutoff: number) {
  return statement(
    env,
    sql`DELETE FROM sms_opt_outs WHERE rowid IN (
       SELECT o.rowid FROM sms_opt_outs o
       WHERE o.created_at < ${cutoff}
         AND NOT (o.action = 'stop' AND o.id = (SELECT max(p.id) FROM sms_opt_outs p WHERE p.phone = o.phone))
       LIMIT ${BATCH})`,
  );
}

/**
 * Counters are tiny but can grow fast (a sign-in adds one per e-mail it tries),
 * so each run deletes every expired one, in rounds of COUNTER_ROUND (each a D1
 * query), up to COUNTER_PURGE_PER_RUN: more than the sign-in limit lets 9,000
 * addresses add between two runs (docs/decisions/053). The index on
 * window_start keeps each round cheap.
 */
const COUNTER_ROUND = 10_000;
export const COUNTER_PURGE_PER_RUN = 10 * COUNTER_ROUND;

async function purgeExpiredCounters(env: Env, cutoff: number): Promise<number> {
  let deleted = 0;
  while (deleted < COUNTER_PURGE_PER_RUN) {
    const { meta } = await statement(
      env,
      sql`DELETE FROM rate_limits WHERE rowid IN (SELECT rowid FROM rate_limits WHERE window_start < ${cutoff} LIMIT ${COUNTER_ROUND})`,
    ).run();
    deleted += meta.changes ?? 0;
    if ((meta.changes ?? 0) < COUNTER_ROUND) break;
  }
  return deleted;
}

/**
 * Audit entries past their 2 years. A trigger refuses deleting a younger one by
 * the database's own clock, and one refusal would abort this whole batch, so the
 * cutoff never passes that clock either (a skewed or simulated `now`).
 */
function purgeAuditLog(env: Env, cutoff: number) {
  const databaseCutoff = sql`CAST(strftime('%s', 'now') AS INTEGER) * 1000 - ${RETENTION.auditMs}`;
  return statement(
    env,
    sql`DELETE FROM audit_log WHERE rowid IN
      (SELECT rowid FROM audit_log WHERE created_at < min(${cutoff}, ${databaseCutoff}) LIMIT ${BATCH})`,
  );
}

export async function purgeExpiredRecords(env: Env, now = Date.now()): Promise<number> {
  await deletePhotos(env.BUCKET, await expiredOrderPhotoKeys(env, now - RETENTION.leadsMs));
  const results = await runBatch(env, [
    purgeOlderThan(env, "contact_messages", "created_at", now - RETENTION.leadsMs),
    purgeOlderThan(env, "orders", "created_at", now - RETENTION.leadsMs),
    purgeOlderThan(env, "appointments", "starts_at", now - RETENTION.appointmentsMs),
    // closed_at is set only while a repair is picked up or cancelled (app/repairs/repairs.server.ts).
    purgeOlderThan(env, "repairs", "closed_at", now - RETENTION.closedRepairsMs),
    purgeOlderThan(env, "outbox", "created_at", now - RETENTION.outboxMs),
    purgeOlderThan(env, "sms_inbound", "created_at", now - RETENTION.outboxMs),
    purgeOlderThan(env, "consent_records", "created_at", now - RETENTION.smsConsentMs),
    purgeOptOuts(env, now - RETENTION.smsConsentMs),
    statement(
      env,
      sql`UPDATE appointments SET visitor_key = NULL, address_key = NULL
       WHERE rowid IN (SELECT rowid FROM appointments WHERE address_key IS NOT NULL AND created_at < ${now - RETENTION.bookerKeysMs} LIMIT ${BATCH})`,
    ),
    purgeOlderThan(env, "sessions", "last_seen_at", now - RETENTION.sessionsMs),
    purgeOlderThan(env, "passkey_challenges", "expires_at", now),
    purgeOlderThan(env, "invitations", "expires_at", now - RETENTION.sessionsMs),
    purgeAuditLog(env, now - RETENTION.auditMs),
  ]);
  const counters = await purgeExpiredCounters(env, now - RETENTION.rateLimitsMs);
  return results.reduce((total, result) => total + (result.meta.changes ?? 0), counters);
}

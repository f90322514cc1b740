import { and, eq, inArray, isNotNull, lt, not, sql } from "drizzle-orm";
import { alias, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { deletePhotos } from "~/photos/storage.server";
import { getDb } from "~/db/client.server";
import { messaging } from "~/config/messaging";
import {
  appointments,
  auditLog,
  consentRecords,
  contactMessages,
  invitations,
  orderPhotos,
  orders,
  outbox,
  passkeyChallenges,
  rateLimits,
  recordEvents,
  recordNotes,
  textReads,
  CUSTOMER_RECORD_TABLES,
  repairs,
  reviewRequests,
  sessions,
  smsInbound,
  smsOptOuts,
} from "~/db/schema";
import { builtStatement, runBatch, type DbEnv } from "~/db/sql.server";
import { STAFF_LISTS, type StaffList } from "~/core/staff-lists";

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
  /**
   * Who was asked for a review (their number and address), for the once-per-customer rule; the request itself, as
   * a line of the dashboard's monthly count, is kept as long as the months it shows (decision 146).
   */
  reviewRequestCustomersMs: messaging.reviewRequest.oncePerCustomerDays * DAY_MS,
  reviewRequestsMs: 400 * DAY_MS,
  /**
   * Spam-protection and sign-in counters by client, e-mail or ticket: kept while their window can still count,
   * so as long as the longest window (a ticket's misses in a day, app/repairs/lookup.server.ts).
   */
  rateLimitsMs: DAY_MS,
  /** Who booked an appointment (keyed hashes of browser and address), for the daily booking caps. */
  bookerKeysMs: DAY_MS,
  /** The staff audit trail (a trigger refuses deleting anything younger). */
  auditMs: 730 * DAY_MS,
  /** Staff sessions, counted from their last use (they end after 12 idle hours). */
  sessionsMs: 12 * 60 * 60 * 1000,
} as const;

const rowid = sql<number>`rowid`;

/**
 * The rows of `table` whose `column` is older than `cutoff`, BATCH at most (a DELETE cannot LIMIT in D1, so the
 * rows are chosen by rowid in a subquery); `also` narrows them further.
 */
function oldRows(env: DbEnv, table: SQLiteTable, column: SQLiteColumn, cutoff: number, also = sql`1`, limit = BATCH) {
  return getDb(env).select({ rowid }).from(table).where(and(lt(column, new Date(cutoff)), also)).limit(limit);
}

function purgeOlderThan(env: DbEnv, table: SQLiteTable, column: SQLiteColumn, cutoff: number) {
  return builtStatement(env, getDb(env).delete(table).where(inArray(rowid, oldRows(env, table, column, cutoff))));
}

/** The R2 objects of orders past retention, as many as one run deletes orders (BATCH) can hold. */
async function expiredOrderPhotoKeys(env: DbEnv, cutoff: number): Promise<string[]> {
  const rows = await getDb(env)
    .select({ key: orderPhotos.objectKey })
    .from(orderPhotos)
    .where(inArray(orderPhotos.orderId, oldRows(env, orders, orders.createdAt, cutoff)));
  return rows.map((row) => row.key);
}

/**
 * Opt-out rows past the period, except a number's newest row when it says
 * "stop": that number stays opted out until it texts START, however long ago.
 */
function purgeOptOuts(env: DbEnv, cutoff: number) {
  const newer = alias(smsOptOuts, "newer");
  const newest = getDb(env).select({ id: sql`max(${newer.id})` }).from(newer).where(eq(newer.phone, smsOptOuts.phone));
  const keptStop = and(eq(smsOptOuts.action, "stop"), eq(smsOptOuts.id, sql`(${newest})`));
  return builtStatement(env, getDb(env).delete(smsOptOuts).where(inArray(rowid, oldRows(env, smsOptOuts, smsOptOuts.createdAt, cutoff, not(keptStop!)))));
}

/** A booking's booker keys (keyed hashes of browser and address) once the daily caps no longer count it. */
function forgetBookerKeys(env: DbEnv, cutoff: number) {
  const keyed = oldRows(env, appointments, appointments.createdAt, cutoff, isNotNull(appointments.addressKey));
  return builtStatement(env, getDb(env).update(appointments).set({ visitorKey: null, addressKey: null }).where(inArray(rowid, keyed)));
}

/** A review request's customer once the rule no longer counts it: its line stays, for the monthly count. */
function forgetReviewCustomers(env: DbEnv, cutoff: number) {
  const named = oldRows(env, reviewRequests, reviewRequests.claimedAt, cutoff, sql`${reviewRequests.phone} IS NOT NULL OR ${reviewRequests.email} IS NOT NULL`);
  return builtStatement(env, getDb(env).update(reviewRequests).set({ phone: null, email: null }).where(inArray(rowid, named)));
}

/** The table each staff list's records live in, whose deletion takes the records' notes and timeline lines along. */
const RECORD_TABLES = { ...CUSTOMER_RECORD_TABLES, texts: smsInbound } satisfies Record<StaffList, unknown>;

/**
 * A record's notes or timeline events once the record itself is gone (deleted earlier in the same batch): they
 * hold what staff wrote about a person, so they go with the record (decision 140).
 */
function purgeOrphaned(env: DbEnv, lines: typeof recordNotes | typeof recordEvents | typeof textReads, list: StaffList) {
  const records = RECORD_TABLES[list];
  const orphaned = getDb(env)
    .select({ rowid })
    .from(lines)
    .where(and(eq(lines.list, list), sql`NOT EXISTS (SELECT 1 FROM ${records} WHERE ${records.id} = ${lines.recordId})`))
    .limit(BATCH);
  return builtStatement(env, getDb(env).delete(lines).where(inArray(rowid, orphaned)));
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

async function purgeExpiredCounters(env: DbEnv, cutoff: number): Promise<number> {
  let deleted = 0;
  while (deleted < COUNTER_PURGE_PER_RUN) {
    // window_start is a plain number (epoch ms), not a timestamp column.
    const expired = getDb(env).select({ rowid }).from(rateLimits).where(lt(rateLimits.windowStart, cutoff)).limit(COUNTER_ROUND);
    const { meta } = await builtStatement(env, getDb(env).delete(rateLimits).where(inArray(rowid, expired))).run();
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
function purgeAuditLog(env: DbEnv, cutoff: number) {
  const databaseCutoff = sql`CAST(strftime('%s', 'now') AS INTEGER) * 1000 - ${RETENTION.auditMs}`;
  const old = getDb(env).select({ rowid }).from(auditLog).where(lt(auditLog.createdAt, sql`min(${cutoff}, ${databaseCutoff})`)).limit(BATCH);
  return builtStatement(env, getDb(env).delete(auditLog).where(inArray(rowid, old)));
}

export async function purgeExpiredRecords(env: Env, now = Date.now()): Promise<number> {
  await deletePhotos(env.BUCKET, await expiredOrderPhotoKeys(env, now - RETENTION.leadsMs));
  // One raw batch of builder-written statements (runBatch): each result keeps D1's count of changed rows.
  const results = await runBatch(env, [
    purgeOlderThan(env, contactMessages, contactMessages.createdAt, now - RETENTION.leadsMs),
    purgeOlderThan(env, orders, orders.createdAt, now - RETENTION.leadsMs),
    purgeOlderThan(env, appointments, appointments.startsAt, now - RETENTION.appointmentsMs),
    // closed_at is set only while a repair is picked up or cancelled (app/repairs/repairs.server.ts).
    purgeOlderThan(env, repairs, repairs.closedAt, now - RETENTION.closedRepairsMs),
    ...STAFF_LISTS.flatMap((list) => [purgeOrphaned(env, recordNotes, list), purgeOrphaned(env, recordEvents, list), purgeOrphaned(env, textReads, list)]),
    purgeOlderThan(env, outbox, outbox.createdAt, now - RETENTION.outboxMs),
    purgeOlderThan(env, smsInbound, smsInbound.createdAt, now - RETENTION.outboxMs),
    purgeOlderThan(env, consentRecords, consentRecords.createdAt, now - RETENTION.smsConsentMs),
    purgeOptOuts(env, now - RETENTION.smsConsentMs),
    forgetBookerKeys(env, now - RETENTION.bookerKeysMs),
    forgetReviewCustomers(env, now - RETENTION.reviewRequestCustomersMs),
    purgeOlderThan(env, reviewRequests, reviewRequests.claimedAt, now - RETENTION.reviewRequestsMs),
    purgeOlderThan(env, sessions, sessions.lastSeenAt, now - RETENTION.sessionsMs),
    purgeOlderThan(env, passkeyChallenges, passkeyChallenges.expiresAt, now),
    purgeOlderThan(env, invitations, invitations.expiresAt, now - RETENTION.sessionsMs),
    purgeAuditLog(env, now - RETENTION.auditMs),
  ]);
  const counters = await purgeExpiredCounters(env, now - RETENTION.rateLimitsMs);
  return results.reduce((total, result) => total + (result.meta.changes ?? 0), counters);
}

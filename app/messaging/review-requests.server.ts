import { and, eq, gte, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { messaging } from "~/config/messaging";
import type { Db } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { appointments, outbox, repairs, reviewRequests } from "~/db/schema";
import { textablePhone } from "~/core/phone";
import { storeClock, storeTimeToInstant } from "~/core/store-time";

// The request for a Google review after a visit (decision 146), as the outbox sees it: who the customer is, the
// once-per-customer rule (checked when a request is queued and again just before it goes, since two visits may
// queue two), the record that must still be finished when it goes, and the count of what went out by month.
// It goes through the one outbox as the kind "review-request" (app/messaging/message-kinds.ts).

export const REVIEW_REQUEST_KIND = "review-request";

const DAY_MS = 24 * 60 * 60 * 1000;
const ONCE_PER_CUSTOMER_MS = messaging.reviewRequest.oncePerCustomerDays * DAY_MS;

/**
 * A customer is every way their record reaches them: its textable number and its e-mail address. A request
 * to either counts for both, so a customer texted after one visit is not e-mailed after the next.
 */
export interface ReviewCustomer {
  phone: string | null;
  email: string | null;
}

export function reviewCustomer(record: { phone: string | null; email: string | null }): ReviewCustomer {
  const email = record.email?.trim().toLowerCase() || null;
  return { phone: record.phone ? textablePhone(record.phone) : null, email };
}

/** Requests that bar another to `customer` at `now`: sent in the last 180 days, or taken to send and not yet settled. */
function askedRecently(customer: ReviewCustomer, now: number, exceptOutboxId = 0): SQL {
  const same = or(
    customer.phone ? eq(reviewRequests.phone, customer.phone) : sql`0`,
    customer.email ? eq(reviewRequests.email, customer.email) : sql`0`,
  );
  return sql`EXISTS (SELECT 1 FROM ${reviewRequests} LEFT JOIN ${outbox} ON ${outbox.id} = ${reviewRequests.outboxId}
    WHERE ${same} AND ${reviewRequests.outboxId} != ${exceptOutboxId} AND ${reviewRequests.claimedAt} > ${now - ONCE_PER_CUSTOMER_MS}
      AND (${reviewRequests.sentAt} IS NOT NULL OR ${outbox.status} IN ('pending', 'failed')))`;
}

/** An unsent request already queued for one of the customer's numbers or addresses (another visit's). */
function waitingFor(customer: ReviewCustomer): SQL {
  const to = [customer.phone, customer.email].filter((value): value is string => value !== null);
  return sql`EXISTS (SELECT 1 FROM ${outbox} o WHERE o.kind = ${REVIEW_REQUEST_KIND} AND o.status IN ('pending', 'failed')
    AND lower(o.recipient) IN (${sql.join(to.map((value) => sql`${value}`), sql`, `)}))`;
}

/**
 * The guard of the statement that queues a request (as `FROM … WHERE` continues): none when this record has one
 * waiting or sent (a status set back and forth queues once), or the customer was asked in the last 180 days or
 * has one waiting from another visit.
 */
export function mayQueueReviewRequest(record: { leadKind: "appointment" | null; id: number }, customer: ReviewCustomer, now: number): SQL {
  const sameRecord = record.leadKind ? sql`o.lead_kind = ${record.leadKind}` : sql`o.lead_kind IS NULL`;
  return sql`NOT EXISTS (SELECT 1 FROM ${outbox} o WHERE o.kind = ${REVIEW_REQUEST_KIND} AND ${sameRecord} AND o.record_id = ${record.id}
      AND o.status != 'cancelled')
    AND NOT ${askedRecently(customer, now)} AND NOT ${waitingFor(customer)}`;
}

type Claimed = typeof outbox.$inferSelect;

/** The record a request is about, as it is now: an appointment's (lead_kind set) or a repair's. */
async function recordOf(db: Db, row: Claimed) {
  if (row.leadKind === "appointment") {
    const found = await db.query.appointments.findFirst({ columns: { status: true, phone: true, email: true }, where: eq(appointments.id, row.recordId) });
    return found && { list: "appointments" as const, finished: found.status === "done", ...found };
  }
  if (row.leadKind !== null) return undefined;
  const found = await db.query.repairs.findFirst({ columns: { status: true, phone: true, email: true }, where: eq(repairs.id, row.recordId) });
  return found && { list: "repairs" as const, finished: found.status === "picked_up", ...found };
}

export const NO_LONGER_FINISHED = "The visit is no longer marked Done or Picked up.";
export const ASKED_RECENTLY = `Not sent: this customer was asked for a review in the last ${messaging.reviewRequest.oncePerCustomerDays} days.`;

/**
 * The outbox's last check of a review request before it goes: the record is still finished (Done, Picked up),
 * and the customer was not asked in the last 180 days, taken in one conditional INSERT so two requests sent at
 * the same moment cannot both go. Returns why it may not go, or null (its row in review_requests then written).
 */
export async function claimReviewRequest(db: Db, row: Claimed, now: number): Promise<string | null> {
  const record = await recordOf(db, row);
  if (!record?.finished) return NO_LONGER_FINISHED;
  const customer = reviewCustomer(record);
  // A retry of a request taken before (its send failed) keeps its place: its row is there already.
  await insertSelect(
    db,
    reviewRequests,
    {
      id: sql`NULL`,
      outboxId: sql`${row.id}`,
      list: sql`${record.list}`,
      recordId: sql`${row.recordId}`,
      channel: sql`${row.channel}`,
      phone: sql`${customer.phone}`,
      email: sql`${customer.email}`,
      claimedAt: sql`${now}`,
      sentAt: sql`NULL`,
    },
    sql`WHERE NOT EXISTS (SELECT 1 FROM ${reviewRequests} WHERE ${reviewRequests.outboxId} = ${row.id}) AND NOT ${askedRecently(customer, now, row.id)}`,
  );
  const [claimed] = await db.select({ id: reviewRequests.id }).from(reviewRequests).where(eq(reviewRequests.outboxId, row.id));
  return claimed ? null : ASKED_RECENTLY;
}

/** Once the provider accepted a request: it counts as sent, for the rule and the monthly count. */
export function markReviewRequestSent(db: Db, outboxId: number, now: number) {
  return db.update(reviewRequests).set({ sentAt: new Date(now) }).where(eq(reviewRequests.outboxId, outboxId));
}

export interface MonthCount {
  /** The month's first day, YYYY-MM-01, store time. */
  month: string;
  texts: number;
  emails: number;
}

/** The first day of the store's month `back` months before the one holding `instant`. */
function monthStart(instant: number, back: number): string {
  const [year, month] = storeClock(instant).date.split("-").map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** Review requests sent (the provider accepted them, not merely queued) in each of the last `months` store months, newest first. */
export async function reviewRequestsByMonth(db: Db, now: number, months = 12): Promise<MonthCount[]> {
  const starts = Array.from({ length: months + 1 }, (_, back) => monthStart(now, back - 1)).map((date) => ({
    date,
    at: storeTimeToInstant(date, 0),
  }));
  const oldest = starts[months]!.at;
  const newest = starts[0]!.at;
  // Each month as a bucket by its store-time bounds (a month is not a fixed number of UTC hours across a clock change).
  const bucket = sql<number>`CASE ${sql.join(
    starts.slice(1).map((start, back) => sql`WHEN ${reviewRequests.sentAt} >= ${start.at} THEN ${back}`),
    sql` `,
  )} END`;
  const counts = await db
    .select({ back: bucket, channel: reviewRequests.channel, n: sql<number>`count(*)` })
    .from(reviewRequests)
    .where(and(isNotNull(reviewRequests.sentAt), gte(reviewRequests.sentAt, new Date(oldest)), lt(reviewRequests.sentAt, new Date(newest))))
    .groupBy(bucket, reviewRequests.channel);
  return starts.slice(1).map((start, back) => ({
    month: start.date,
    texts: counts.find((row) => row.back === back && row.channel === "sms")?.n ?? 0,
    emails: counts.find((row) => row.back === back && row.channel === "email")?.n ?? 0,
  }));
}

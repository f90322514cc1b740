import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { repairEstimates, repairs } from "~/db/schema";
import { formatStoreDateTime } from "~/core/store-time";
import { formatEstimate } from "./rules";
import type { EstimateForCustomer, RepairForCustomer } from "./customer-view";
import { d1RateLimiter, type RateLimitResult } from "~/http/rate-limit.server";
import { readTicketNumber } from "./ticket-number";
import type { DbEnv } from "~/db/sql.server";

// The customer's look-up on /repair (docs/decisions/114): the ticket number and
// the phone's last four digits. A wrong number and wrong digits are one answer
// reached by the same work: a malformed number or wrong-length digits are
// replaced by values that can never match, then always one query on the unique
// ticket index and one constant-time compare of four bytes. Misses count
// against the client (its IPv4 address or IPv6 /64, decision 134): after
// MISSES_PER_HOUR it waits for the hour to end. They also count against the
// ticket typed, from every client together: after MISSES_PER_TICKET_PER_DAY
// that ticket's look-up says to call the store, so the 10,000 possible last
// digits cannot be tried from many networks. The customer can still call.

export const MISSES_PER_HOUR = 10;
export const MISSES_PER_TICKET_PER_DAY = 20;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Never issued: U is not in the ticket alphabet. */
const UNISSUED_TICKET = "R-UUUU-UU";
/** Never stored: phone_last4 holds digits only. */
const NO_DIGITS = "????";
const NO_PHONE = "----";

/** The newest estimate sent for approval that is not withdrawn: waiting for an answer, or answered. */
export async function estimateForCustomer(db: Db, repairId: number): Promise<EstimateForCustomer | null> {
  const row = await db.query.repairEstimates.findFirst({
    where: and(eq(repairEstimates.repairId, repairId), or(isNull(repairEstimates.decision), inArray(repairEstimates.decision, ["approved", "declined"]))),
    orderBy: desc(repairEstimates.id),
  });
  if (!row) return null;
  return {
    id: row.id,
    amount: formatEstimate(row.amountCents),
    description: row.description,
    decision: row.decision === "approved" || row.decision === "declined" ? row.decision : null,
    decidedAt: row.decidedAt ? formatStoreDateTime(row.decidedAt.getTime()) : null,
  };
}

/** What a look-up did, so a test can see both miss paths do the same work. */
export interface LookupWork {
  queries: number;
  comparisons: number;
  comparedBytes: number;
}

function clientLimiter(env: DbEnv) {
  return d1RateLimiter(env, { limit: MISSES_PER_HOUR, windowMs: HOUR_MS });
}

function ticketLimiter(env: DbEnv) {
  return d1RateLimiter(env, { limit: MISSES_PER_TICKET_PER_DAY, windowMs: DAY_MS });
}

const encoder = new TextEncoder();

/** workerd's constant-time compare (its types name it; the DOM's SubtleCrypto, which this project also sees, does not). */
const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean };

export async function findRepairForCustomer(
  db: Db,
  typedTicket: string,
  typedLast4: string,
  work: LookupWork = { queries: 0, comparisons: 0, comparedBytes: 0 },
): Promise<(Omit<RepairForCustomer, "estimate"> & { id: number }) | null> {
  const ticket = readTicketNumber(typedTicket) ?? UNISSUED_TICKET;
  const last4 = /^\d{4}$/.test(typedLast4.trim()) ? typedLast4.trim() : NO_DIGITS;
  const row = await db.query.repairs.findFirst({
    columns: { id: true, ticket: true, status: true, item: true, work: true, workDetail: true, promisedDate: true, phoneLast4: true },
    where: eq(repairs.ticket, ticket),
  });
  work.queries++;
  const typed = encoder.encode(last4);
  const stored = encoder.encode(row?.phoneLast4.padStart(4, "-").slice(-4) ?? NO_PHONE);
  const same = subtle.timingSafeEqual(typed, stored);
  work.comparisons++;
  work.comparedBytes += typed.byteLength;
  if (!row || !same) return null;
  return {
    id: row.id,
    ticket: row.ticket,
    status: row.status,
    item: row.item,
    work: row.work === "Other" ? row.workDetail : row.work,
    promisedDate: row.promisedDate,
  };
}

export type LookupOutcome =
  /** `repairId` is for the server's next step (an answer to its estimate), never sent to the page. */
  | { status: "found"; repair: RepairForCustomer; repairId: number }
  | { status: "not-found" }
  | { status: "waiting"; limit: RateLimitResult }
  | { status: "ticket-paused"; limit: RateLimitResult };

/**
 * A look-up from a client (`client` is its clientKey): refused while the client
 * waits or the ticket is paused; a try is counted on both first, and given back
 * when it finds the repair or the ticket refuses it.
 */
export async function lookUpRepair(env: DbEnv, db: Db, client: string, typedTicket: string, typedLast4: string): Promise<LookupOutcome> {
  const byClient = clientLimiter(env);
  const clientKey = `repair-lookup:${client}`;
  const limit = await byClient.attempt(clientKey);
  if (!limit.allowed) return { status: "waiting", limit };
  // Any well-formed number counts, issued or not, so the pause says nothing about whether a ticket exists.
  const ticket = readTicketNumber(typedTicket);
  const byTicket = ticketLimiter(env);
  const ticketKey = ticket ? `repair-lookup-ticket:${ticket}` : null;
  const ticketLimit = ticketKey ? await byTicket.attempt(ticketKey) : null;
  if (ticketLimit && !ticketLimit.allowed) {
    await byClient.forgive(clientKey);
    return { status: "ticket-paused", limit: ticketLimit };
  }
  const found = await findRepairForCustomer(db, typedTicket, typedLast4);
  if (!found) return { status: "not-found" };
  const [estimate] = await Promise.all([estimateForCustomer(db, found.id), byClient.forgive(clientKey), ticketKey ? byTicket.forgive(ticketKey) : null]);
  const { id, ...repair } = found;
  return { status: "found", repair: { ...repair, estimate }, repairId: id };
}

/** A repair as the customer sees it, by id: after their answer to its estimate, the page shows it as it is now. */
export async function repairForCustomerById(db: Db, id: number): Promise<RepairForCustomer | null> {
  const row = await db.query.repairs.findFirst({
    columns: { ticket: true, status: true, item: true, work: true, workDetail: true, promisedDate: true },
    where: eq(repairs.id, id),
  });
  if (!row) return null;
  const { workDetail, ...shown } = row;
  return { ...shown, work: row.work === "Other" ? workDetail : row.work, estimate: await estimateForCustomer(db, id) };
}

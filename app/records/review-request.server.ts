import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reviewRequestDays, reviewRequestTime } from "~/core/reminders";
import { hoursExceptions } from "~/hours/exceptions.server";
import { emailMessage, queueMessage, textMessage } from "~/messaging/outbox.server";
import { mayQueueReviewRequest, REVIEW_REQUEST_KIND, reviewCustomer } from "~/messaging/review-requests.server";
import { textPermission, type ConsentSource } from "~/messaging/text-permission.server";
import { reviewRequestEmail, reviewRequestText } from "~/messaging/visitor-messages";

// The one request for a Google review after a visit (decision 146), queued by an appointment marked Done
// (app/inbox/appointment-status.server.ts) and a repair marked Picked up (app/repairs/repairs.server.ts), in the
// batch of that change: one message, by text where the customer agreed to texts about the visit with this
// record and has not sent STOP, else by e-mail where they gave an address, else none. It goes the next day the
// store is open, from 11 AM (the outbox holds it to 11 AM to 6 PM and checks the rules again then).

/** The record whose visit just finished, as it stands. */
export interface FinishedVisit {
  /** An appointment's (its outbox rows carry the lead kind) or a repair's (none, as its other messages). */
  kind: Extract<ConsentSource["kind"], "appointment"> | "repair";
  id: number;
  phone: string;
  email: string | null;
  /** An appointment's start (epoch ms, or a Date as stored): marked Done ahead of its day, it is asked the day after it. */
  startsAt?: number | Date;
}

/**
 * The batch statements that queue the request when `change` (`FROM … WHERE`, selecting the record only if this
 * change was written) happened, unless this record has one already or the customer was asked lately: none or one.
 */
export async function reviewRequestStatements(db: Db, visit: FinishedVisit, change: SQL, now: number) {
  const customer = reviewCustomer(visit);
  const finishedAt = Math.max(now, visit.startsAt === undefined ? now : new Date(visit.startsAt).getTime());
  const days = reviewRequestDays(finishedAt);
  const timing = { sendAt: reviewRequestTime(finishedAt, await hoursExceptions(db, days.from, days.to)) };
  const purpose = visit.kind === "appointment" ? "transactional" : "repair-updates";
  const texting = customer.phone ? await textPermission(db, customer.phone, { purpose, record: { kind: visit.kind, id: visit.id } }) : null;
  const message = texting?.ok
    ? textMessage(REVIEW_REQUEST_KIND, texting.phone, reviewRequestText(), timing)
    : visit.email
      ? emailMessage(REVIEW_REQUEST_KIND, await reviewRequestEmail(visit.email), timing)
      : null;
  if (!message) return [];
  const leadKind = visit.kind === "appointment" ? "appointment" : null;
  return [
    queueMessage(
      db,
      message,
      { leadKind, recordId: sql`${visit.id}`, from: sql`${change} AND ${mayQueueReviewRequest({ leadKind, id: visit.id }, customer, now)}` },
      now,
    ),
  ];
}

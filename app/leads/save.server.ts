import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";
import { LEAD_TABLES } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { announceLead } from "../../party/client.server";
import type { Email } from "~/messaging/email";
import { emailMessage, queueLeadMessage, type OutgoingMessage } from "~/messaging/outbox.server";
import { deliverQueued } from "~/messaging/outbox-delivery.server";
import { notifyStaff } from "~/messaging/push.server";
import { LEADS, type LeadKind } from "~/core/lead-kinds";
import { LISTS, recordHref } from "~/core/staff-lists";

// The one write path of every lead (see docs/decisions/020, 022 and 065): the
// lead's insert, whatever must be stored with it, its staff e-mail and the
// visitor's confirmations go to D1 in one batch (one transaction). The insert
// does nothing on a conflict, and what it did tells the three outcomes apart.
// Only after a commit, and after the response, are open dashboards told and
// the messages that are due sent; a confirmation never delays or endangers the lead.

type LeadInsert = BatchItem<"sqlite"> & PromiseLike<{ id: number; createdAt: Date }[]>;

export interface LeadWrite {
  kind: LeadKind;
  /** The signed submission token's id, stored in the lead's unique submission_token column. */
  submissionId: string;
  /** INSERT … ON CONFLICT DO NOTHING RETURNING id, created_at. */
  insert: LeadInsert;
  /** Statements that belong to the lead (e.g. its SMS consent), run after the insert in the same batch. */
  alongside?: BatchItem<"sqlite">[];
  staffEmail: Email;
  /** The visitor's confirmations and reminders, queued once per lead and kind of message. */
  visitorMessages?: OutgoingMessage[];
  /** What staff phones are told of a new lead (docs/decisions/145): the customer's name and what they asked; none when a clerk made it. */
  push?: { name: string; preview: string };
  now: number;
}

export type StoreOutcome =
  /** A new lead: dashboards and the staff e-mail follow after the response. */
  | { status: "stored"; id: number }
  /** The same form came back (double click, retry): it was stored before, nothing new is. */
  | { status: "resubmitted" }
  /** The insert hit another unique constraint (for a booking, the seat is taken). */
  | { status: "conflict" };

/** Throws when D1 fails: the caller answers with its failure message and keeps the form. */
export async function storeLead(db: Db, context: Readonly<RouterContextProvider>, write: LeadWrite): Promise<StoreOutcome> {
  const lead = { kind: write.kind, submissionId: write.submissionId };
  const alongside = write.alongside ?? [];
  const messages = [emailMessage(write.kind, write.staffEmail), ...(write.visitorMessages ?? [])];
  const results = (await db.batch([
    write.insert,
    ...alongside,
    ...messages.map((message) => queueLeadMessage(db, lead, message, write.now)),
  ])) as unknown[];
  const created = (results[0] as { id: number; createdAt: Date }[])[0];
  if (created) {
    const { env, ctx } = getCloudflare(context);
    ctx.waitUntil(announceLead(env, write.kind, created));
    if (write.push) {
      const list = LEADS[write.kind].list;
      notifyStaff(env, ctx, { list, path: recordHref(list, created.id), kind: `New ${LISTS[list].one}`, ...write.push });
    }
    deliverQueued(env, ctx, results.slice(1 + alongside.length).flat() as { id: number; nextAttemptAt: Date }[], write.now);
    return { status: "stored", id: created.id };
  }
  return (await storedBefore(db, write.kind, write.submissionId)) ? { status: "resubmitted" } : { status: "conflict" };
}

async function storedBefore(db: Db, kind: LeadKind, submissionId: string): Promise<boolean> {
  // The three tables share submission_token; drizzle's types do not unite them (as in app/inbox/queries.server.ts).
  const table = LEAD_TABLES[kind] as typeof LEAD_TABLES.contact;
  return (await db.$count(table, eq(table.submissionToken, submissionId))) > 0;
}

/** A lead whose only unique column is its submission token: a conflict there means the write was lost. */
export async function storeLeadOnce(
  db: Db,
  context: Readonly<RouterContextProvider>,
  write: LeadWrite,
): Promise<Exclude<StoreOutcome, { status: "conflict" }>> {
  const outcome = await storeLead(db, context, write);
  if (outcome.status === "conflict") throw new Error(`${write.kind} neither inserted nor found`);
  return outcome;
}

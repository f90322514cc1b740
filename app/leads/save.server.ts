import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";
import { getCloudflare } from "~/http/request-context";
import { announceLead } from "~/live/client.server";
import type { Email } from "~/mail/email";
import { deliverOutboxMessage, queueLeadEmail } from "~/mail/outbox.server";
import { LEADS, type LeadKind } from "./kinds";

// The one write path of every lead (see docs/decisions/020 and 022): the lead's
// insert, whatever must be stored with it, and its staff e-mail go to D1 in one
// batch (one transaction). The insert does nothing on a conflict, and what it
// did tells the three outcomes apart. Only after a commit, and after the
// response, are open dashboards told and the e-mail sent.

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
  const results = (await db.batch([
    write.insert,
    ...(write.alongside ?? []),
    queueLeadEmail(db, write.kind, write.submissionId, write.staffEmail, write.now),
  ])) as unknown[];
  const created = (results[0] as { id: number; createdAt: Date }[])[0];
  const queued = (results[results.length - 1] as { id: number }[])[0];
  if (created) {
    const { env, ctx } = getCloudflare(context);
    ctx.waitUntil(announceLead(env, write.kind, created));
    if (queued) ctx.waitUntil(deliverOutboxMessage(env, queued.id));
    return { status: "stored", id: created.id };
  }
  return (await storedBefore(db, write.kind, write.submissionId)) ? { status: "resubmitted" } : { status: "conflict" };
}

async function storedBefore(db: Db, kind: LeadKind, submissionId: string): Promise<boolean> {
  const table = sql.identifier(LEADS[kind].table);
  const rows = await db.all(sql`SELECT 1 FROM ${table} WHERE submission_token = ${submissionId} LIMIT 1`);
  return rows.length > 0;
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

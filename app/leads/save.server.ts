import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";
import { appointments, contactMessages, orders } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import type { Inbox } from "~/live/events";
import { deliverOutboxMessage } from "~/mail/outbox.server";
import { announceLead } from "~/live/client.server";

// What every lead form does around its own insert batch (see docs/decisions/020 and 022).

type LeadTable = typeof appointments | typeof orders | typeof contactMessages;

/**
 * Whether a record with this submission id is already stored: the answer to an
 * insert that did nothing, telling a resubmitted form from a failed store.
 */
export async function storedBefore(db: Db, table: LeadTable, submissionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.submissionToken, submissionId))
    .limit(1);
  return rows.length > 0;
}

/** After a new lead is committed: push it to open dashboards and send its staff e-mail, both after the response. */
export function afterLeadStored(
  context: Readonly<RouterContextProvider>,
  inbox: Inbox,
  lead: { id: number; createdAt: Date },
  outboxId: number | undefined,
): void {
  const { env, ctx } = getCloudflare(context);
  ctx.waitUntil(announceLead(env, { inbox, id: lead.id, createdAt: lead.createdAt.getTime() }));
  if (outboxId !== undefined) ctx.waitUntil(deliverOutboxMessage(env, outboxId));
}

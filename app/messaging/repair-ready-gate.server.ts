import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { repairs } from "~/db/schema";
import { isReadyStatus } from "~/core/repair-statuses";

// What the outbox (app/messaging/outbox-gate.server.ts) asks of a repair just before one of its
// messages goes (the "ready" message, the estimate to approve). Kept apart from repairs.server.ts,
// which queues through the outbox, so the two modules never import each other.

/** The outbox kind of the message that tells a customer their repair is ready (repaired or not). */
export const REPAIR_READY_KIND = "repair-ready";
/** The outbox kind of the message that asks a customer to approve an estimate (decision 141). */
export const REPAIR_ESTIMATE_KIND = "repair-estimate";
export const NO_LONGER_READY = "The repair is no longer ready for pickup.";
export const NO_LONGER_WAITING = "The repair is no longer waiting for the customer's approval.";

/**
 * The outbox's last check before a repair's message goes: why it is withdrawn (the repair is gone, no
 * longer ready, or no longer waiting for approval), or null when it may go. Both kinds wait out the
 * quiet hours like every kind that says heldInQuietHours.
 */
export async function repairMessageWithdrawn(db: Db, kind: string, recordId: number): Promise<string | null> {
  if (kind !== REPAIR_READY_KIND && kind !== REPAIR_ESTIMATE_KIND) return null;
  const repair = await db.query.repairs.findFirst({ columns: { status: true }, where: eq(repairs.id, recordId) });
  if (kind === REPAIR_READY_KIND) return repair && isReadyStatus(repair.status) ? null : NO_LONGER_READY;
  return repair?.status === "waiting_approval" ? null : NO_LONGER_WAITING;
}

import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { repairs } from "~/db/schema";

// What the outbox (app/messaging/outbox-gate.server.ts) asks of a repair just before its
// "ready" message goes. Kept apart from repairs.server.ts, which queues through
// the outbox, so the two modules never import each other.

/** The outbox kind of the message that tells a customer their repair is ready. */
export const REPAIR_READY_KIND = "repair-ready";
export const NO_LONGER_READY = "The repair is no longer ready for pickup.";

/**
 * The outbox's last check before a ready message goes (outbox-gate.server.ts): it is withdrawn when the repair is
 * gone or no longer ready. Its kind waits out the quiet hours like every kind that says heldInQuietHours.
 */
export async function stillReady(db: Db, recordId: number): Promise<boolean> {
  const repair = await db.query.repairs.findFirst({ columns: { status: true }, where: eq(repairs.id, recordId) });
  return repair?.status === "ready";
}

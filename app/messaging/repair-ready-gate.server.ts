import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { repairs } from "~/db/schema";
import { outsideQuietHours } from "~/core/reminders";

// What the outbox (app/messaging/outbox.server.ts) asks of a repair just before its
// "ready" message goes. Kept apart from repairs.server.ts, which queues through
// the outbox, so the two modules never import each other.

/** The outbox kind of the message that tells a customer their repair is ready. */
export const REPAIR_READY_KIND = "repair-ready";
export const NO_LONGER_READY = "The repair is no longer ready for pickup.";

/**
 * The outbox's last check before a ready message goes: withdrawn when the
 * repair is gone or no longer ready, held until the quiet hours end.
 */
export async function repairReadyGate(db: Db, recordId: number, now: number): Promise<{ cancel: string } | { deferUntil: number } | null> {
  const repair = await db.query.repairs.findFirst({ columns: { status: true }, where: eq(repairs.id, recordId) });
  if (!repair || repair.status !== "ready") return { cancel: NO_LONGER_READY };
  const allowed = outsideQuietHours(now);
  return allowed === now ? null : { deferUntil: allowed };
}

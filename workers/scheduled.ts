import { purgeExpiredRecords } from "../app/jobs/retention.server";
import { deliverDueOutbox } from "../app/messaging/outbox-delivery.server";
import { sweepOrphanPhotos } from "../app/jobs/orphan-photos.server";

/** The nightly trigger in wrangler.toml [triggers]; every other run is the 5-minute one. */
export const NIGHTLY_CRON = "30 8 * * *";

/**
 * The Cron Triggers (wrangler.toml [triggers]). Every 5 minutes: send every
 * outbox row, e-mail or text, that is pending or failed and due (reminders
 * fall due here), and delete records past their retention period. Nightly:
 * delete order photos that no order refers to.
 */
export function handleScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
  if (controller.cron === NIGHTLY_CRON) {
    ctx.waitUntil(sweepOrphanPhotos(env));
    return;
  }
  ctx.waitUntil(deliverDueOutbox(env));
  ctx.waitUntil(purgeExpiredRecords(env));
}

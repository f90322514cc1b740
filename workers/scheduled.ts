import { purgeExpiredRecords } from "../app/db/retention.server";
import { deliverDueOutbox } from "../app/mail/outbox.server";

/**
 * The Cron Trigger (wrangler.toml [triggers]): retry staff e-mails that are
 * pending or failed and due, and delete records past their retention period.
 */
export function handleScheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
  ctx.waitUntil(deliverDueOutbox(env));
  ctx.waitUntil(purgeExpiredRecords(env));
}

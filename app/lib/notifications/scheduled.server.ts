import { purgeExpiredRecords } from "../retention.server";
import { deliverDueOutbox } from "./outbox.server";

/**
 * The Cron Trigger (wrangler.toml [triggers]): retry staff e-mails that are
 * pending or failed and due, and delete records past their retention period.
 */
export function handleScheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
  ctx.waitUntil(deliverDueOutbox(env));
  ctx.waitUntil(purgeExpiredRecords(env));
}

import { purgeExpiredRecords } from "../app/db/retention.server";
import { deliverDueOutbox } from "../app/mail/outbox.server";

/**
 * The Cron Trigger (wrangler.toml [triggers]): send every outbox row, e-mail
 * or text, that is pending or failed and due (reminders fall due here), and
 * delete records past their retention period.
 */
export function handleScheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
  ctx.waitUntil(deliverDueOutbox(env));
  ctx.waitUntil(purgeExpiredRecords(env));
}

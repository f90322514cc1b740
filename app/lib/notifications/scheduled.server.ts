import { deliverDueOutbox } from "./outbox.server";

/** The Cron Trigger (wrangler.toml [triggers]): retry staff e-mails that are pending or failed and due. */
export function handleScheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
  ctx.waitUntil(deliverDueOutbox(env));
}

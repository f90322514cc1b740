import type { Route } from "./+types/audit-export";
import { auditStaffAction, streamAuditCsv } from "~/audit/log.server";
import { requireOwner } from "~/auth/guard.server";
import { NEVER_CACHE } from "~/http/cache-policy";
import { getCloudflare } from "~/http/request-context";
import { storeTimestamp } from "~/core/store-time";

// GET /dashboard/audit/export: the whole trail as CSV, for the owner only; the export itself is recorded.
export const middleware: Route.MiddlewareFunction[] = [requireOwner];

export function loader({ request, context }: Route.LoaderArgs) {
  const { env, ctx } = getCloudflare(context);
  let finished: (rows: number) => void = () => {};
  ctx.waitUntil(new Promise<void>((resolve) => (finished = (rows) => resolve(auditStaffAction(context, request, "audit-exported", { details: { rows } })))));
  return new Response(streamAuditCsv(env, (rows) => finished(rows)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-${storeTimestamp(Date.now()).slice(0, 10)}.csv"`,
      "Cache-Control": NEVER_CACHE,
    },
  });
}

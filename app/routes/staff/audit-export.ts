import type { Route } from "./+types/audit-export";
import { streamAuditCsv } from "~/audit/log.server";
import { requireOwner } from "~/auth/guard.server";
import { storeTimestamp } from "~/core/store-time";
import { auditedCsvDownload } from "~/dashboard/csv-download.server";
import { getCloudflare } from "~/http/request-context";

// GET /dashboard/audit/export: the whole trail as CSV, for the owner only; the export itself is recorded.
export const middleware: Route.MiddlewareFunction[] = [requireOwner];

export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const fileName = `audit-${storeTimestamp(Date.now()).slice(0, 10)}.csv`;
  return auditedCsvDownload(context, request, { action: "audit-exported" }, fileName, (finished) => streamAuditCsv(env, finished));
}

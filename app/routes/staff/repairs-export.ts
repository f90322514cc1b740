import type { Route } from "./+types/repairs-export";
import { staffUserContext } from "~/auth/guard.server";
import { getCloudflare } from "~/http/request-context";
import { auditedCsvDownload, refusedSearch } from "~/dashboard/csv-download.server";
import { repairsCsvFileName, streamRepairsCsv } from "~/repairs/csv.server";
import { planSearch } from "~/repairs/list.server";
import { parseRepairView } from "~/repairs/view";

// GET /dashboard/repairs/export?q=…&status=…: the Repairs tab's view, every page, recorded in the audit trail.
export async function loader({ request, context }: Route.LoaderArgs) {
  context.get(staffUserContext);
  const { env } = getCloudflare(context);
  const view = { ...parseRepairView(new URL(request.url).searchParams), cursor: null };
  const plan = planSearch(view.q);
  if ("error" in plan) return refusedSearch(plan.error);
  const now = Date.now();
  const audit = { action: "repairs-exported", target: "repairs", details: { q: view.q, status: view.status } } as const;
  return auditedCsvDownload(context, request, audit, repairsCsvFileName(now), (finished) => streamRepairsCsv(env, view, plan.match, now, finished));
}

import type { Route } from "./+types/repairs-export";
import { auditStaffAction } from "~/audit/log.server";
import { staffUserContext } from "~/auth/guard.server";
import { NEVER_CACHE } from "~/http/cache-policy";
import { getCloudflare } from "~/http/request-context";
import { repairsCsvFileName, streamRepairsCsv } from "~/repairs/csv.server";
import { planSearch } from "~/repairs/list.server";
import { parseRepairView } from "~/repairs/view";

// GET /dashboard/repairs/export?q=…&status=…: the Repairs tab's view, every page, recorded in the audit trail.
export async function loader({ request, context }: Route.LoaderArgs) {
  context.get(staffUserContext);
  const { env, ctx } = getCloudflare(context);
  const view = { ...parseRepairView(new URL(request.url).searchParams), cursor: null };
  const plan = planSearch(view.q);
  if ("error" in plan) return new Response(plan.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const now = Date.now();
  let finished: (rows: number, complete: boolean) => void = () => {};
  ctx.waitUntil(
    new Promise<void>((resolve) => {
      finished = (rows, complete) =>
        resolve(auditStaffAction(context, request, "repairs-exported", { target: "repairs", details: { q: view.q, status: view.status, rows, complete } }));
    }),
  );
  return new Response(streamRepairsCsv(env, view, plan.match, now, (rows, complete) => finished(rows, complete)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${repairsCsvFileName(now)}"`,
      "Cache-Control": NEVER_CACHE,
    },
  });
}

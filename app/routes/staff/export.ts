import type { Route } from "./+types/export";
import { getCloudflare } from "~/http/request-context";
import { staffUserContext } from "~/auth/guard.server";
import { parseInboxView } from "~/inbox/view";
import { csvFileName, streamLeadsCsv } from "~/inbox/csv.server";
import { planSearch } from "~/inbox/queries.server";
import { auditedCsvDownload, refusedSearch } from "~/dashboard/csv-download.server";
import { LEADS } from "~/core/lead-kinds";

// GET /dashboard/export?tab=…&q=…&status=…&when=… : the current tab and filter, every page.
// A resource route under the staff layout, so the same guard runs first.
export async function loader({ request, context }: Route.LoaderArgs) {
  context.get(staffUserContext); // throws if the guard did not run
  const { env } = getCloudflare(context);
  const view = { ...parseInboxView(new URL(request.url).searchParams), cursor: null };
  const plan = planSearch(view.q);
  if ("error" in plan) return refusedSearch(plan.error);
  const now = Date.now();
  const audit = { action: "leads-exported", target: LEADS[view.kind].list, details: { q: view.q, status: view.status, when: view.when } } as const;
  return auditedCsvDownload(context, request, audit, csvFileName(view, now), (finished) => streamLeadsCsv(env, view, plan.match, now, finished));
}

import type { Route } from "./+types/texts-export";
import { staffUserContext } from "~/auth/guard.server";
import { getCloudflare } from "~/http/request-context";
import { auditedCsvDownload, refusedSearch } from "~/dashboard/csv-download.server";
import { streamTextsCsv, textsCsvFileName } from "~/texts/csv.server";
import { planTextSearch } from "~/texts/search";
import { parseTextsView } from "~/texts/view";

// GET /dashboard/texts/export?q=…&status=…: the Texts list's view, every page, recorded in the audit trail.
export async function loader({ request, context }: Route.LoaderArgs) {
  context.get(staffUserContext);
  const { env } = getCloudflare(context);
  const view = { ...parseTextsView(new URL(request.url).searchParams), cursor: null };
  const plan = planTextSearch(view.q);
  if ("error" in plan) return refusedSearch(plan.error);
  const audit = { action: "texts-exported", target: "texts", details: { q: view.q, status: view.status } } as const;
  return auditedCsvDownload(context, request, audit, textsCsvFileName(Date.now()), (finished) => streamTextsCsv(env, view, plan.words, finished));
}

import type { Route } from "./+types/export";
import { NEVER_CACHE } from "~/http/cache-policy";
import { getCloudflare } from "~/http/request-context";
import { staffUserContext } from "~/auth/guard.server";
import { parseInboxView } from "~/inbox/view";
import { csvFileName, streamLeadsCsv } from "~/inbox/csv.server";
import { planSearch } from "~/inbox/queries.server";
import { auditStaffAction } from "~/audit/log.server";
import { LEADS } from "~/core/lead-kinds";

// GET /dashboard/export?tab=…&q=…&status=…&when=… : the current tab and filter, every page.
// A resource route under the staff layout, so the same guard runs first.
export async function loader({ request, context }: Route.LoaderArgs) {
  context.get(staffUserContext); // throws if the guard did not run
  const { env, ctx } = getCloudflare(context);
  const view = { ...parseInboxView(new URL(request.url).searchParams), cursor: null };
  const plan = planSearch(view.q);
  if ("error" in plan) {
    return new Response(plan.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const now = Date.now();
  // Every export is recorded with its filter and how many rows it carried, once the last row went out
  // (or the download stopped).
  let finished: (rows: number, complete: boolean) => void = () => {};
  ctx.waitUntil(
    new Promise<void>((resolve) => {
      finished = (rows, complete) =>
        resolve(
          auditStaffAction(context, request, "leads-exported", {
            target: LEADS[view.kind].inbox,
            details: { q: view.q, status: view.status, when: view.when, rows, complete },
          }),
        );
    }),
  );
  return new Response(streamLeadsCsv(env, view, plan.match, now, (rows, complete) => finished(rows, complete)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(view, now)}"`,
      "Cache-Control": NEVER_CACHE,
    },
  });
}

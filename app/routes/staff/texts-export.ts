import type { Route } from "./+types/texts-export";
import { staffUserContext } from "~/auth/guard.server";
import { getCloudflare } from "~/http/request-context";
import { auditedCsvDownload } from "~/dashboard/csv-download.server";
import { streamTextsCsv, textsCsvFileName } from "~/texts/csv.server";

// GET /dashboard/texts/export: every text of the Texts list, recorded in the audit trail.
export async function loader({ request, context }: Route.LoaderArgs) {
  context.get(staffUserContext);
  const { env } = getCloudflare(context);
  const audit = { action: "texts-exported", target: "texts" } as const;
  return auditedCsvDownload(context, request, audit, textsCsvFileName(Date.now()), (finished) => streamTextsCsv(env, finished));
}

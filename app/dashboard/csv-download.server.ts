import type { RouterContextProvider } from "react-router";
import { auditStaffAction, type AuditAction } from "~/audit/log.server";
import { NEVER_CACHE } from "~/http/cache-policy";
import { getCloudflare } from "~/http/request-context";

type Finished = (rows: number, complete: boolean) => void;

/** A staff list's export refused for its search (too short a term): the reason as plain text. */
export function refusedSearch(error: string): Response {
  return new Response(error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A staff CSV download (an inbox, the Repairs tab, the audit trail). Every export is recorded in the audit trail
 * with its filter and how many rows it carried, once the last row went out (or the download stopped): `stream`
 * calls `finished` then.
 */
export function auditedCsvDownload(
  context: Readonly<RouterContextProvider>,
  request: Request,
  audit: { action: AuditAction; target?: string; details?: Record<string, string | number | boolean | null> },
  fileName: string,
  stream: (finished: Finished) => ReadableStream,
): Response {
  let finished: Finished = () => {};
  getCloudflare(context).ctx.waitUntil(
    new Promise<void>((resolve) => {
      finished = (rows, complete) =>
        resolve(auditStaffAction(context, request, audit.action, { target: audit.target, details: { ...audit.details, rows, complete } }));
    }),
  );
  return new Response(
    stream((rows, complete) => finished(rows, complete)),
    {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": NEVER_CACHE,
      },
    },
  );
}

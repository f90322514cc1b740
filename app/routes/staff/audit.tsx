import type { Route } from "./+types/audit";
import { auditDetailsSentence } from "~/audit/details";
import { actionText, auditPage } from "~/audit/log.server";
import { describeDevice } from "~/auth/device-label";
import { requireOwner } from "~/auth/guard.server";
import { getCloudflare } from "~/http/request-context";
import { formatStoreDateTime } from "~/core/store-time";

// The owner's view of the audit trail (docs/decisions/059): newest first, 50 a
// page, exportable. Read-only: nothing here edits or deletes an entry.
export const middleware: Route.MiddlewareFunction[] = [requireOwner];

export function meta() {
  return [{ title: "Audit trail | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const before = Number(new URL(request.url).searchParams.get("before"));
  const page = await auditPage(env, Number.isSafeInteger(before) && before > 0 ? before : null);
  return {
    entries: page.entries.map((entry) => ({
      id: entry.id,
      when: formatStoreDateTime(entry.createdAt.getTime()),
      who: entry.actorEmail || "Unknown",
      action: actionText(entry),
      target: entry.target,
      details: auditDetailsSentence(entry.action, entry.details),
      ip: entry.ip,
      // A failed sign-in keeps only the device's label, in its details.
      device: entry.userAgent ? describeDevice(entry.userAgent) : "",
    })),
    olderHref: page.olderBefore ? `/dashboard/audit?before=${page.olderBefore}` : null,
    isFirstPage: !(before > 0),
  };
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="staff-page container">
      <h1>Audit trail</h1>
      <p className="muted">
        Sign-ins, account and staff changes, lead updates and exports, newest first. Entries are kept for 2 years and
        cannot be changed.
      </p>
      <p>
        <a className="button button--secondary" href="/dashboard/audit/export" download>
          Export the trail (CSV)
        </a>
      </p>
      {/* On a phone each entry is a card of label and value, like an inbox row: nothing scrolls sideways. */}
      <div className="table-wrap list-table-wrap" tabIndex={0} role="region" aria-label="Audit entries">
        <table className="data-table list-table audit-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Details</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-entry">
                <td data-label="When">{entry.when}</td>
                <td data-label="Who" className="audit-table__wrap">
                  {entry.who}
                </td>
                <td data-label="What">
                  <span className="list-table__value">
                    {entry.action}
                    {entry.target ? <span className="audit-table__target">{entry.target}</span> : null}
                  </span>
                </td>
                <td data-label="Details" className="audit-table__wrap">
                  {entry.details}
                </td>
                <td data-label="From" className="audit-table__wrap">
                  <span className="list-table__value">
                    {entry.ip}
                    <span className="audit-table__target">{entry.device}</span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loaderData.entries.length === 0 ? <p>Nothing recorded yet.</p> : null}
      <nav className="audit-pager" aria-label="Audit pages">
        {loaderData.isFirstPage ? null : <a href="/dashboard/audit">Newest</a>}
        {loaderData.olderHref ? (
          <a href={loaderData.olderHref} rel="next">
            Older entries
          </a>
        ) : null}
      </nav>
    </main>
  );
}

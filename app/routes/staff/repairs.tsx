import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/repairs";
import { InboxTabs } from "~/components/dashboard/inbox-tabs";
import { LiveStatus } from "~/components/dashboard/live-status";
import { RepairFilters } from "~/components/repairs/repair-filters";
import { RepairsTable } from "~/components/repairs/repairs-table";
import { useLiveRepairs } from "~/components/repairs/use-live-repairs";
import { staffUserContext } from "~/auth/guard.server";
import { getCloudflare } from "~/http/request-context";
import { loadRepairs } from "~/dashboard/repairs-page.server";
import { REPAIRS_PATH } from "~/repairs/view";

export function meta() {
  return [{ title: "Repairs | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  return loadRepairs(env, context.get(staffUserContext), new URL(request.url));
}

export default function Repairs({ loaderData }: Route.ComponentProps) {
  const { data, state, announcement } = useLiveRepairs(loaderData);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.toLowerCase() === REPAIRS_PATH;
  const exportParams = new URLSearchParams(data.viewKey);
  exportParams.delete("after");
  exportParams.delete("before");
  return (
    <main className="staff-page container inbox" aria-busy={loading || undefined}>
      <div className="inbox__heading">
        <h1>Inbox</h1>
        <LiveStatus state={state} />
      </div>
      <InboxTabs active="repair" unread={data.unread} />
      <section className="inbox__panel" aria-labelledby="repairs-title">
        <div className="repairs__heading">
          <h2 id="repairs-title">Repairs</h2>
          <Link to={`${REPAIRS_PATH}/new`} className="button button--primary">
            New repair
          </Link>
        </div>
        <div className="inbox__tools">
          <RepairFilters key={data.viewKey} view={data.view} searchError={data.searchError} />
          <a className="button button--secondary inbox__export" href={`${REPAIRS_PATH}/export?${exportParams}`} download>
            Export CSV
          </a>
        </div>
        {loading ? (
          <div className="inbox__loading" role="status">
            <span className="spinner" aria-hidden="true" />
            Fetching data...
          </div>
        ) : data.rows.length === 0 ? (
          <p className="inbox__empty" role="status">
            No repairs found.
          </p>
        ) : (
          <RepairsTable rows={data.rows} />
        )}
        {!loading && (data.newerHref || data.olderHref) ? (
          <nav aria-label="Pages" className="pager">
            {data.newerHref ? (
              <Link to={data.newerHref} className="button button--secondary" rel="prev">
                ← Previous page
              </Link>
            ) : null}
            {data.olderHref ? (
              <Link to={data.olderHref} className="button button--secondary" rel="next">
                Next page →
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </main>
  );
}

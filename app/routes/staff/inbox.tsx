import { Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/inbox";
import { AppointmentWhenNav, InboxFilters } from "~/components/inbox/inbox-filters";
import { inboxHref } from "~/inbox/view";
import { LEADS } from "~/core/lead-kinds";
import { InboxTable } from "~/components/inbox/inbox-table";
import { InboxTabs } from "~/components/dashboard/inbox-tabs";
import { LiveStatus } from "~/components/dashboard/live-status";
import { useLiveInbox } from "~/components/inbox/use-live-inbox";
import { getCloudflare } from "~/http/request-context";
import { staffUserContext } from "~/auth/guard.server";
import { loadInbox } from "~/dashboard/inbox-page.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const tab = loaderData ? LEADS[loaderData.view.kind].labels.tab : "Inbox";
  return [{ title: `${tab} | Staff dashboard` }, { name: "robots", content: "noindex, nofollow" }];
}

/** Passes the loader's Server-Timing (D1 time and rows read) on to the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const timing = loaderHeaders.get("Server-Timing");
  return timing ? { "Server-Timing": timing } : new Headers();
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  return loadInbox(env, context.get(staffUserContext), new URL(request.url));
}

/**
 * A status change from a row (a fetcher post) must not reload the list: that
 * reload would count as opening the tab again and clear unread marks. The row
 * shows the saved status itself; live refreshes and navigation bring the rest.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return false;
  return defaultShouldRevalidate;
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { data, state, announcement, justArrived } = useLiveInbox(loaderData);
  const { view } = data;
  const labels = LEADS[view.kind].labels;
  const navigation = useNavigation();
  // A client-side load of another tab, page or filter (not a live refresh, which is a fetcher).
  const loading = navigation.state === "loading" && navigation.location.pathname.toLowerCase() === "/dashboard";
  const exportParams = new URLSearchParams(data.viewKey);
  exportParams.delete("after");
  exportParams.delete("before");

  return (
    <main className="staff-page container inbox" aria-busy={loading || undefined}>
      <div className="inbox__heading">
        <h1>Inbox</h1>
        <LiveStatus state={state} />
      </div>
      <InboxTabs active={view.kind} unread={data.unread} />

      <section className="inbox__panel" aria-labelledby="inbox-panel-title">
        <h2 id="inbox-panel-title" className="visually-hidden">
          {labels.tab}
        </h2>
        <div className="inbox__tools">
          {view.kind === "appointment" ? <AppointmentWhenNav view={view} /> : null}
          <InboxFilters key={data.viewKey} view={view} searchError={data.searchError} />
          <a className="button button--secondary inbox__export" href={`/dashboard/export?${exportParams}`} download>
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
            {labels.empty}
          </p>
        ) : (
          <InboxTable kind={view.kind} rows={data.rows} returnTo={inboxHref(view)} justArrived={justArrived} />
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

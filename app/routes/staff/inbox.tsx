import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/inbox";
import { AppointmentWhenNav, InboxFilters } from "~/components/inbox/inbox-filters";
import { inboxHref } from "~/inbox/view";
import { LEADS } from "~/core/lead-kinds";
import { InboxTable } from "~/components/inbox/inbox-table";
import { ExportLink, ListPage, ListResults, useListLoading } from "~/components/dashboard/list-page";
import { useLiveInbox } from "~/components/inbox/use-live-inbox";
import { getCloudflare } from "~/http/request-context";
import { staffUserContext } from "~/auth/guard.server";
import { loadInbox } from "~/dashboard/inbox-page.server";
import { LISTS } from "~/core/staff-lists";
import { NEW_APPOINTMENT_PATH } from "~/core/dashboard-links";

export function meta({ loaderData }: Route.MetaArgs) {
  const tab = loaderData ? LISTS[LEADS[loaderData.view.kind].list].label : "Inbox";
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
  const list = LISTS[LEADS[view.kind].list];
  const loading = useListLoading(LEADS[view.kind].list);
  return (
    <ListPage list={LEADS[view.kind].list} unread={data.unread} live={state} announcement={announcement} loading={loading} labelledBy="inbox-panel-title">
      <h2 id="inbox-panel-title" className="visually-hidden">
        {list.label}
      </h2>
      {view.kind === "appointment" ? (
        <div className="repairs__heading">
          <Link to={NEW_APPOINTMENT_PATH} className="button button--primary">
            New appointment
          </Link>
        </div>
      ) : null}
      <div className="inbox__tools">
        {view.kind === "appointment" ? <AppointmentWhenNav view={view} /> : null}
        <InboxFilters key={data.viewKey} view={view} searchError={data.searchError} />
        <ExportLink list={LEADS[view.kind].list} viewKey={data.viewKey} />
      </div>
      <ListResults loading={loading} empty={list.empty} page={data}>
        <InboxTable kind={view.kind} rows={data.rows} returnTo={inboxHref(view)} justArrived={justArrived} />
      </ListResults>
    </ListPage>
  );
}

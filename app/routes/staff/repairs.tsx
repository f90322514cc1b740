import { Link } from "react-router";
import type { Route } from "./+types/repairs";
import { ExportLink, ListPage, ListResults, useListLoading } from "~/components/dashboard/list-page";
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
  const loading = useListLoading(REPAIRS_PATH);
  return (
    <ListPage tab="repair" unread={data.unread} live={state} announcement={announcement} loading={loading} labelledBy="repairs-title">
      <div className="repairs__heading">
        <h2 id="repairs-title">Repairs</h2>
        <Link to={`${REPAIRS_PATH}/new`} className="button button--primary">
          New repair
        </Link>
      </div>
      <div className="inbox__tools">
        <RepairFilters key={data.viewKey} view={data.view} searchError={data.searchError} />
        <ExportLink path={`${REPAIRS_PATH}/export`} viewKey={data.viewKey} />
      </div>
      <ListResults loading={loading} empty="No repairs found." page={data}>
        <RepairsTable rows={data.rows} />
      </ListResults>
    </ListPage>
  );
}

import { Link } from "react-router";
import type { Route } from "./+types/repairs";
import { ExportLink, ListPage, ListResults, useListLoading } from "~/components/dashboard/list-page";
import { RepairFilters } from "~/components/repairs/repair-filters";
import { RepairsTable } from "~/components/repairs/repairs-table";
import { useLiveList } from "~/components/dashboard/use-live-list";
import { staffUserContext } from "~/auth/guard.server";
import { getCloudflare } from "~/http/request-context";
import { loadRepairs } from "~/dashboard/repairs-page.server";
import { LISTS } from "~/core/staff-lists";
import { REPAIRS_PATH } from "~/repairs/view";

export function meta() {
  return [{ title: "Repairs | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  return loadRepairs(env, context.get(staffUserContext), new URL(request.url));
}

export default function Repairs({ loaderData }: Route.ComponentProps) {
  const { data, state, announcement } = useLiveList(loaderData, "repairs");
  const loading = useListLoading("repairs");
  return (
    <ListPage list="repairs" unread={data.unread} live={state} announcement={announcement} loading={loading} labelledBy="repairs-title">
      <div className="repairs__heading">
        <h2 id="repairs-title" className="visually-hidden">
          Repairs
        </h2>
        <Link to={`${REPAIRS_PATH}/new`} className="button button--primary">
          New repair
        </Link>
      </div>
      <div className="inbox__tools">
        <RepairFilters key={data.viewKey} view={data.view} searchError={data.searchError} />
        <ExportLink list="repairs" viewKey={data.viewKey} />
      </div>
      <ListResults loading={loading} empty={LISTS.repairs.empty} page={data}>
        <RepairsTable rows={data.rows} />
      </ListResults>
    </ListPage>
  );
}

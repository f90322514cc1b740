import type { Route } from "./+types/texts";
import { ExportLink, ListPage, ListResults, useListLoading } from "~/components/dashboard/list-page";
import { TextFilters } from "~/components/texts/text-filters";
import { TextsTable } from "~/components/texts/texts-table";
import { useLiveList } from "~/components/dashboard/use-live-list";
import { staffUserContext } from "~/auth/guard.server";
import { getCloudflare } from "~/http/request-context";
import { loadTexts } from "~/dashboard/texts-page.server";
import { LISTS } from "~/core/staff-lists";

export function meta() {
  return [{ title: "Texts | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  return loadTexts(env, context.get(staffUserContext), new URL(request.url));
}

export default function Texts({ loaderData }: Route.ComponentProps) {
  const { data, state, announcement } = useLiveList(loaderData, "texts");
  const loading = useListLoading("texts");
  return (
    <ListPage list="texts" unread={data.unread} live={state} announcement={announcement} loading={loading} labelledBy="texts-title">
      <h2 id="texts-title" className="visually-hidden">
        Texts from numbers without a record
      </h2>
      <p className="muted">Texts from numbers no record has. A customer&apos;s other texts show on their records.</p>
      <div className="inbox__tools">
        <TextFilters key={data.viewKey} view={data.view} searchError={data.searchError} />
        <ExportLink list="texts" viewKey={data.viewKey} />
      </div>
      <ListResults loading={loading} empty={LISTS.texts.empty} page={data}>
        <TextsTable rows={data.rows} />
      </ListResults>
    </ListPage>
  );
}

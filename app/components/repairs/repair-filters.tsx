import { ListFilters } from "~/components/dashboard/list-filters";
import { REPAIR_FILTER_LABELS, REPAIR_FILTERS, REPAIRS_PATH, repairsHref, type RepairView } from "~/repairs/view";

const FILTER_OPTIONS = REPAIR_FILTERS.map((filter) => ({ value: filter, label: REPAIR_FILTER_LABELS[filter] }));

export function RepairFilters({ view, searchError }: { view: RepairView; searchError: string | null }) {
  return (
    <ListFilters
      action={REPAIRS_PATH}
      label="Search and filter repairs"
      idPrefix="repairs"
      searchLabel="Search ticket, name, phone or item"
      q={view.q}
      status={view.status}
      statuses={FILTER_OPTIONS}
      searchError={searchError}
      clearHref={repairsHref()}
    />
  );
}

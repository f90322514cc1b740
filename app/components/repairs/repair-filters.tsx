import { ListFilters } from "~/components/dashboard/list-filters";
import { REPAIR_STATUS_LABELS, REPAIR_STATUSES } from "~/core/repair-statuses";
import { REPAIRS_PATH, repairsHref, type RepairView } from "~/repairs/view";

/** The Repairs tab's statuses, then "overdue": ready for 30 days and not picked up. */
const REPAIR_FILTERS = [
  ...REPAIR_STATUSES.map((status) => ({ value: status, label: REPAIR_STATUS_LABELS[status] })),
  { value: "overdue", label: "Overdue (ready 30+ days)" },
];

export function RepairFilters({ view, searchError }: { view: RepairView; searchError: string | null }) {
  return (
    <ListFilters
      action={REPAIRS_PATH}
      label="Search and filter repairs"
      idPrefix="repairs"
      searchLabel="Search ticket, name, phone or item"
      q={view.q}
      status={view.status}
      statuses={REPAIR_FILTERS}
      searchError={searchError}
      clearHref={repairsHref()}
    />
  );
}

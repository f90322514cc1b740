import { ListFilters } from "~/components/dashboard/list-filters";
import { TEXT_FILTER_LABELS, TEXT_FILTERS } from "~/core/text-filters";
import { TEXTS_PATH, textsHref, type TextsView } from "~/texts/view";

const FILTER_OPTIONS = TEXT_FILTERS.map((filter) => ({ value: filter, label: TEXT_FILTER_LABELS[filter] }));

export function TextFilters({ view, searchError }: { view: TextsView; searchError: string | null }) {
  return (
    <ListFilters
      action={TEXTS_PATH}
      label="Search and filter texts"
      idPrefix="texts"
      searchLabel="Search number or words"
      q={view.q}
      status={view.status}
      statuses={FILTER_OPTIONS}
      searchError={searchError}
      clearHref={textsHref()}
    />
  );
}

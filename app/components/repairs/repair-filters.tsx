import { Form, Link } from "react-router";
import { ErrorList } from "~/components/ui/forms";
import { MAX_SEARCH_LENGTH } from "~/inbox/view";
import { REPAIR_STATUS_LABELS, REPAIR_STATUSES } from "~/core/repair-statuses";
import { REPAIRS_PATH, repairsHref, type RepairView } from "~/repairs/view";

/** Search and filter, a GET form like the inboxes': works without JavaScript, and the result has an address. */
export function RepairFilters({ view, searchError }: { view: RepairView; searchError: string | null }) {
  const filtered = Boolean(view.q || view.status);
  return (
    <Form method="get" action={REPAIRS_PATH} role="search" aria-label="Search and filter repairs" className="inbox-filters">
      <div className="field inbox-filters__search">
        <label htmlFor="repairs-search">Search ticket, name, phone or item</label>
        <input
          id="repairs-search"
          type="search"
          name="q"
          defaultValue={view.q}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          aria-invalid={searchError ? true : undefined}
          aria-describedby={searchError ? "repairs-search-error" : undefined}
        />
        <ErrorList id="repairs-search-error" errors={searchError ? [searchError] : undefined} />
      </div>
      <div className="field inbox-filters__status">
        <label htmlFor="repairs-status">Status</label>
        <select id="repairs-status" name="status" defaultValue={view.status ?? ""}>
          <option value="">All statuses</option>
          {REPAIR_STATUSES.map((status) => (
            <option key={status} value={status}>
              {REPAIR_STATUS_LABELS[status]}
            </option>
          ))}
          <option value="overdue">Overdue (ready 30+ days)</option>
        </select>
      </div>
      <div className="inbox-filters__actions">
        <button type="submit" className="button button--primary">
          Search
        </button>
        {filtered ? (
          <Link className="button button--link" to={repairsHref()}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

import { LEADS } from "~/core/lead-kinds";
import { Form, Link } from "react-router";
import { ErrorList } from "~/components/ui/forms";
import {
  APPOINTMENT_WHEN,
  inboxHref,
  MAX_SEARCH_LENGTH,
  STATUS_LABELS,
  statusesFor,
  WHEN_LABELS,
  type InboxView,
} from "~/inbox/view";

/** Upcoming / past for appointments: links, so each view has its own address. */
export function AppointmentWhenNav({ view }: { view: InboxView }) {
  return (
    <nav aria-label="Appointment dates" className="segmented">
      {APPOINTMENT_WHEN.map((when) => (
        <Link
          key={when}
          to={inboxHref({ ...view, when, cursor: null })}
          className="segmented__option"
          aria-current={view.when === when ? "page" : undefined}
        >
          {WHEN_LABELS[when]}
        </Link>
      ))}
    </nav>
  );
}

/** Search and status filter: a GET form, so it works without JavaScript and the result has an address. */
export function InboxFilters({ view, searchError }: { view: InboxView; searchError: string | null }) {
  const filtered = Boolean(view.q || view.status);
  return (
    <Form method="get" action="/dashboard" role="search" aria-label="Search and filter" className="inbox-filters">
      <input type="hidden" name="tab" value={LEADS[view.kind].inbox} />
      {view.kind === "appointment" ? <input type="hidden" name="when" value={view.when} /> : null}
      <div className="field inbox-filters__search">
        <label htmlFor="inbox-search">Search name, e-mail or phone</label>
        <input
          id="inbox-search"
          type="search"
          name="q"
          defaultValue={view.q}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          aria-invalid={searchError ? true : undefined}
          aria-describedby={searchError ? "inbox-search-error" : undefined}
        />
        <ErrorList id="inbox-search-error" errors={searchError ? [searchError] : undefined} />
      </div>
      <div className="field inbox-filters__status">
        <label htmlFor="inbox-status">Status</label>
        <select id="inbox-status" name="status" defaultValue={view.status ?? ""}>
          <option value="">All statuses</option>
          {statusesFor(view.kind).map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="inbox-filters__actions">
        <button type="submit" className="button button--primary">
          Search
        </button>
        {filtered ? (
          <Link className="button button--link" to={inboxHref({ ...view, q: "", status: null, cursor: null })}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

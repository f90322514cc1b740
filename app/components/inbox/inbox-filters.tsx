import { LEADS } from "~/core/lead-kinds";
import { LEAD_STATUS_LABELS } from "~/core/lead-statuses";
import { Link } from "react-router";
import { ListFilters } from "~/components/dashboard/list-filters";
import {
  APPOINTMENT_WHEN,
  inboxHref,
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

/** An inbox's search and status filter; the tab (and an appointment view's dates) ride along as hidden fields. */
export function InboxFilters({ view, searchError }: { view: InboxView; searchError: string | null }) {
  return (
    <ListFilters
      action="/dashboard"
      label="Search and filter"
      idPrefix="inbox"
      searchLabel="Search name, e-mail or phone"
      q={view.q}
      status={view.status}
      statuses={statusesFor(view.kind).map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] }))}
      searchError={searchError}
      clearHref={inboxHref({ ...view, q: "", status: null, cursor: null })}
    >
      <input type="hidden" name="tab" value={LEADS[view.kind].list} />
      {view.kind === "appointment" ? <input type="hidden" name="when" value={view.when} /> : null}
    </ListFilters>
  );
}

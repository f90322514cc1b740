import { Link } from "react-router";
import { appointmentChangeHref } from "~/core/dashboard-links";
import type { LeadStatus } from "~/core/lead-statuses";

/** Statuses that give the seat up: nothing left to move or cancel (as SEAT_RELEASING_STATUSES in the schema). */
const WITHOUT_SEAT: readonly LeadStatus[] = ["cancelled", "spam", "no_show"];

/** On an appointment's record: move or cancel it for the customer, who is told as when they do it themselves. */
export function AppointmentChanges({ id, status }: { id: number; status: LeadStatus }) {
  if (WITHOUT_SEAT.includes(status)) return null;
  return (
    <p className="record__changes">
      <Link to={appointmentChangeHref(id, "move")} className="button button--secondary">
        Move
      </Link>{" "}
      <Link to={appointmentChangeHref(id, "cancel")} className="button button--secondary">
        Cancel visit
      </Link>
    </p>
  );
}

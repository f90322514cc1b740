import { store, storeAddressLine } from "~/config/store";
import { calendarPath } from "~/core/ics";
import { formatStoreDate } from "~/core/store-time";
import type { BookedAppointment } from "~/leads/rules/appointment";

/** The booking just made, with its "Add to calendar" file; shown after success with or without JavaScript. */
export function BookingConfirmation({ booking, onDismiss }: { booking: BookedAppointment; onDismiss?: () => void }) {
  const headingId = `booking-confirmation-${booking.reference}`;
  return (
    <section className="booking-confirmation" aria-labelledby={headingId}>
      <h2 id={headingId} className="booking-confirmation__title">
        <span aria-hidden="true" className="booking-confirmation__icon">✓</span> You're booked
      </h2>
      <p>
        {booking.service} on <strong>{formatStoreDate(booking.date)}</strong> at <strong>{booking.time}</strong>.
      </p>
      <p className="booking-confirmation__where">
        {store.name}, {storeAddressLine}. Need another time? <a href={booking.managePath}>Change or cancel it</a>, or call{" "}
        <a href={`tel:${store.phone.e164}`}>{store.phone.display}</a>.
      </p>
      <div className="booking-confirmation__actions">
        {/* A plain link: the file comes from a resource route, not a page. */}
        <a className="button button--secondary" href={calendarPath(booking.reference)} download="appointment.ics">
          Add to calendar
        </a>
        {onDismiss ? (
          <button type="button" className="button button--link" onClick={onDismiss}>
            Dismiss
          </button>
        ) : null}
      </div>
    </section>
  );
}

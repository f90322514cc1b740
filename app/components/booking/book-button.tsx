/**
 * The floating "Book an Appointment" button: a link to /book. The floating bar is only on
 * content pages, which run no script (docs/decisions/070), and never over a form (decision 109).
 */
export function BookAppointmentButton() {
  return (
    <a href="/book" className="book-button button button--primary">
      Book an Appointment
    </a>
  );
}

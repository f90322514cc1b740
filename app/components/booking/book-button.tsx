// The sticky "Book an Appointment" button on every public page. Without
// JavaScript it is a plain link to the booking page; the lead-capture work
// turns it into a dialog trigger when JavaScript is available.
export function BookAppointmentButton() {
  return (
    <a href="/book" className="book-button button button--primary">
      Book an Appointment
    </a>
  );
}

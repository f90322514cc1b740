import { useCallback, useState } from "react";
import type { Route } from "./+types/book";
import { BookingConfirmation } from "~/components/booking/booking-confirmation";
import { BookingForm } from "~/components/booking/booking-form";
import { store } from "~/config/store";
import { leadFormHeaders } from "~/lib/lead-intake.server";
import { bookAppointment, bookLoader, type BookedAppointment } from "./book.server";

export { leadFormHeaders as headers };

export function meta() {
  return [
    { title: `Book an Appointment | ${store.name}` },
    { name: "description", content: "Book a jewelry consultation, custom design session or repair at our store in Bartlett, TN." },
  ];
}

/** Also answers the booking form's requests for a day's times (?date=YYYY-MM-DD). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return bookLoader(request, context);
}

/** The booking form posts here from this page and from the dialog on every page. */
export async function action({ request, context }: Route.ActionArgs) {
  return bookAppointment(request, context);
}

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  // With JavaScript the booking is confirmed in place; without it, after the redirect (?booking=).
  const [bookedHere, setBookedHere] = useState<BookedAppointment | null>(null);
  const [formKey, setFormKey] = useState(0);
  const onBooked = useCallback((booking: BookedAppointment) => {
    setBookedHere(booking);
    setFormKey((key) => key + 1);
  }, []);
  const booked = bookedHere ?? loaderData.booked;

  return (
    <main className="container page lead-page">
      <h1>Book an Appointment</h1>
      <p className="lead-page__intro">
        Come in for a jewelry consultation, a custom design session or a repair. Visits take about an hour; choose a
        day and we will show you the times that are still open.
      </p>
      {booked ? <BookingConfirmation key={booked.reference} booking={booked} /> : null}
      <section aria-labelledby="booking-form-heading" className="card form-card">
        <h2 id="booking-form-heading">{booked ? "Book another visit" : "Your visit"}</h2>
        <BookingForm key={formKey} id="booking-page-form" setup={loaderData} actionData={actionData} onBooked={onBooked} />
      </section>
    </main>
  );
}

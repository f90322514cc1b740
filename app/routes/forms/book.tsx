import { useCallback, useState } from "react";
import type { Route } from "./+types/book";
import { BookingConfirmation } from "~/components/booking/booking-confirmation";
import { BookingForm } from "~/components/booking/booking-form";
import { LeadAside } from "~/components/leads/lead-aside";
import { PageHero } from "~/components/site/page-hero";
import { leadFormHeaders } from "~/leads/intake.server";
import { seo } from "~/http/seo";
import { bookAppointment, bookLoader, type BookedAppointment } from "~/leads/appointments.server";

export { leadFormHeaders as headers };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Book an Appointment",
    description: "Book a jewelry consultation, custom design session or repair at our store in Bartlett, TN.",
    path: "/book",
  });
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
    <main>
      <PageHero eyebrow="Appointments" title="Book an Appointment">
        <p>
          Come in for a jewelry consultation, a custom design session or a repair. Choose a day and we will show you the
          times that are still open.
        </p>
      </PageHero>
      <section className="section lead-section">
        <div className="container lead-layout">
          <div>
            {booked ? <BookingConfirmation key={booked.reference} booking={booked} /> : null}
            <div className="card form-card">
              <h2>{booked ? "Book another visit" : "Your appointment"}</h2>
              <BookingForm key={formKey} id="booking-page-form" setup={loaderData} actionData={actionData} onBooked={onBooked} />
            </div>
          </div>
          <LeadAside title="What to expect">
            <p>A visit takes about an hour, and the time is set aside for you.</p>
            <ul className="lead-aside__services">
              <li>
                <strong>Jewelry Consultation</strong>: see pieces, compare stones, plan a gift.
              </li>
              <li>
                <strong>Custom Design</strong>: bring your ideas and sketches; we design it with you.
              </li>
              <li>
                <strong>Repair</strong>: resizing, chains, clasps, stones and watch batteries.
              </li>
            </ul>
          </LeadAside>
        </div>
      </section>
    </main>
  );
}

import { useEffect, useRef, useState } from "react";
import type { Route } from "./+types/book";
import { BookingConfirmation } from "~/components/booking/booking-confirmation";
import { BookingForm } from "~/components/booking/booking-form";
import { LeadAside } from "~/components/leads/lead-aside";
import { PageHero } from "~/components/site/page-hero";
import { data } from "react-router";
import { getCloudflare } from "~/http/request-context";
import { seo } from "~/http/seo";
import { wantsInlineAnswer } from "~/http/inline-answer";
import { dataWithToast, redirectWithToast } from "~/http/toast.server";
import { bookAppointment, bookingSetup, openSlots, type BookingOutcome } from "~/leads/appointments.server";
import { justBookedCookieHeader } from "~/leads/booking-flash.server";
import { visitorCookieHeader, visitorIdOf } from "~/leads/booking-visitor.server";
import { leadFormHeaders, leadNotStored, refuseLead, takeLeadSubmission } from "~/leads/intake.server";
import { APPOINTMENT_MESSAGES, BookingSchema, CAP_MESSAGES, TIME_MESSAGES, type BookedAppointment } from "~/leads/rules/appointment";
import { refuseNotOpen } from "~/leads/booking-refusals";
import { HYDRATE_ON_INTENT } from "~/http/page-scripts";

export { leadFormHeaders as headers };

// The form runs React in the browser once the visitor reaches for the page (docs/decisions/070, 076).
export const handle = HYDRATE_ON_INTENT;

export function meta() {
  return seo({
    title: "Book an Appointment",
    description: "Book a jewelry consultation, custom design session or repair at our store in Bartlett, TN.",
    path: "/book",
  });
}

/** Also answers the booking form's requests for a day's times (?date=YYYY-MM-DD). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return bookingSetup(context, request);
}

/**
 * The booking form posts here.
 * Every answer but success brings the day's open times again, so the form can show what is left.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const formData = await request.formData();
  const date = formData.get("date");
  const availability = () => openSlots(env, typeof date === "string" ? date.trim() || null : null).catch(() => null);

  const intake = await takeLeadSubmission(request, context, "appointment", BookingSchema, formData);
  if (!intake.ok) return refuseLead(intake, { availability: await availability() });
  const visitorId = await visitorIdOf(request);
  let outcome: BookingOutcome;
  try {
    outcome = await bookAppointment(context, intake, { visitorId });
  } catch (error) {
    return leadNotStored(context, intake, APPOINTMENT_MESSAGES.failure, error, { availability: await availability() });
  }
  if (outcome.status === "not-open") return refuseNotOpen(intake, outcome.problem, await availability());
  if (outcome.status === "taken") {
    return data(
      { result: intake.reply({ fieldErrors: { time: [TIME_MESSAGES.taken] } }), availability: await availability() },
      { status: 409 },
    );
  }
  if (outcome.status === "capped") {
    const result =
      outcome.cap === "phone"
        ? intake.reply({ fieldErrors: { phone: [CAP_MESSAGES.phone] } })
        : intake.reply({ formErrors: [CAP_MESSAGES.daily] });
    const headers = outcome.cap === "phone" ? undefined : { "Retry-After": String(outcome.retryAfterSeconds) };
    return data({ result, availability: await availability() }, { status: outcome.cap === "phone" ? 409 : 429, headers });
  }

  const { booking } = outcome;
  const success = { type: "success", message: APPOINTMENT_MESSAGES.success } as const;
  const headers = new Headers({ "Set-Cookie": await visitorCookieHeader(request, visitorId) });
  if (wantsInlineAnswer(formData)) return dataWithToast(context, { booked: booking }, success, { status: 200, headers });
  // Only this browser, for a few minutes, sees the booking (and its manage link) on the page it lands on.
  headers.append("Set-Cookie", await justBookedCookieHeader(env, request, booking.reference));
  return redirectWithToast(context, `/book?${new URLSearchParams({ booking: booking.reference })}`, success, { headers });
}

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  // With JavaScript the booking is confirmed in place; without it, after the redirect (?booking=).
  const [bookedHere, setBookedHere] = useState<BookedAppointment | null>(null);
  // After "Book another visit" here, the next form; without JavaScript that button is a link to /book.
  const [formsMade, setFormsMade] = useState(0);
  const booked = bookedHere ?? (formsMade === 0 ? loaderData.booked : null);
  const result = useRef<HTMLDivElement>(null);

  // The result replaces the form where the visitor was looking: focus (and so the scroll) goes to it.
  useEffect(() => {
    if (bookedHere) result.current?.focus();
  }, [bookedHere]);

  function bookAnother() {
    setBookedHere(null);
    setFormsMade((count) => count + 1);
  }

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
            {booked ? (
              // Without JavaScript the redirected page opens with the result in view (autofocus).
              <div ref={result} className="booking-result" tabIndex={-1} autoFocus={!bookedHere}>
                <BookingConfirmation key={booked.reference} booking={booked} />
                {bookedHere ? (
                  <button type="button" className="button button--secondary" onClick={bookAnother}>
                    Book another visit
                  </button>
                ) : (
                  <a className="button button--secondary" href="/book">
                    Book another visit
                  </a>
                )}
              </div>
            ) : (
              <div className="card form-card">
                <h2>Your appointment</h2>
                {/* A new, empty form after each booking made here. The page's action data answers a
                    post sent before the scripts ran: it belongs to the first form, not to the next one. */}
                <BookingForm
                  key={formsMade}
                  id="booking-page-form"
                  setup={loaderData}
                  actionData={formsMade === 0 ? actionData : undefined}
                  onBooked={setBookedHere}
                />
              </div>
            )}
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

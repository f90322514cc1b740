import type { SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/manage-appointment";
import { LeadAside } from "~/components/leads/lead-aside";
import { PageHero } from "~/components/site/page-hero";
import { ErrorList, FormErrors, HoneypotField } from "~/components/ui/forms";
import { phoneHref, store } from "~/config/store";
import { NEVER_CACHE } from "~/http/cache-policy";
import { NO_ANALYTICS } from "~/http/page-analytics";
import { HYDRATE_ON_INTENT } from "~/http/page-scripts";
import { parseForm } from "~/http/form.server";
import { clientKey, formRateLimiter, retryAfterHeaders, waitFor } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import {
  cancelAppointment,
  describeSlot,
  lookUpManagedAppointment,
  managePage,
  rescheduleAppointment,
  slotKey,
} from "~/leads/manage.server";
import { managePath } from "~/leads/manage-token.server";
import { CancelSchema, CLOSED_DAY_MESSAGE, MANAGE_MESSAGES, RescheduleSchema, TIME_MESSAGES } from "~/leads/rules/appointment";
import { TimeChips } from "~/components/booking/scheduler-chips";
import { DayStep } from "~/components/booking/day-step";
import { useChosenDay } from "~/components/booking/use-day-times";
import { formatCalendarDay } from "~/core/store-time";

/** Where the page opens after "Show times": at the chosen day's times. */
const MANAGE_TIMES_ANCHOR = "manage-times";

// The page a booking's confirmation links to (docs/decisions/067). Every step
// is a GET and changes nothing (mail and SMS link scanners open links); a
// cancel or a reschedule is a POST from a button on a confirmation step.

// Its scripts run from the visitor's first interaction, as on /book, for the one scheduler: a chosen
// day's times show at once (docs/decisions/142). Every step still works without them. No floating
// bar over its buttons, and no analytics: the URL carries the booking's signed token (docs/decisions/099).
export const handle = { ...HYDRATE_ON_INTENT, ...NO_ANALYTICS };

export function meta() {
  return [{ title: `Your appointment | ${store.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

/** The URL carries the booking's signed token: no cache may keep the page, no search engine index it. */
export function headers() {
  return { "Cache-Control": NEVER_CACHE, "X-Robots-Tag": "noindex, nofollow" };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await managePage(getCloudflare(context).env, params.token, new URL(request.url));
  if (page.state === "not-found") return data(page, { status: 404 });
  if (page.state === "ended") return data(page, { status: 410 });
  return page;
}

type ManageActionData = { result: SubmissionResult<string[]> };

function refuse(result: SubmissionResult<string[]>, status: number, headers?: HeadersInit) {
  return data<ManageActionData>({ result }, { status, headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const formData = await request.formData();
  const schema = formData.get("intent") === "cancel" ? CancelSchema : RescheduleSchema;
  const submission = parseForm(formData, schema);
  if (submission.status !== "success") return refuse(submission.reply(), 400);

  const lookup = await lookUpManagedAppointment(env, params.token);
  if (lookup.state === "invalid" || lookup.state === "not-found") return refuse(submission.reply({ formErrors: [MANAGE_MESSAGES.invalidLink] }), 404);
  if (lookup.state === "ended") return refuse(submission.reply({ formErrors: [MANAGE_MESSAGES.ended] }), 410);

  const limit = await formRateLimiter(env).hit(`form:manage:${clientKey(request)}`);
  if (!limit.allowed) {
    const message = `Too many changes from your connection. Please wait ${waitFor(limit)} and try again, or call us at ${store.phone.display}.`;
    return refuse(submission.reply({ formErrors: [message] }), 429, retryAfterHeaders(limit));
  }
  if (lookup.state === "cancelled") return refuse(submission.reply({ formErrors: [MANAGE_MESSAGES.alreadyCancelled] }), 409);
  const { appointment } = lookup;
  // A replayed or stale post names a slot the booking no longer has.
  if (submission.value.current !== slotKey(appointment)) return refuse(submission.reply({ formErrors: [MANAGE_MESSAGES.stale] }), 409);

  const back = managePath(params.token);
  if (submission.value.intent === "cancel") {
    if ((await cancelAppointment(context, appointment)) === "stale") {
      return refuse(submission.reply({ formErrors: [MANAGE_MESSAGES.stale] }), 409);
    }
    return redirectWithToast(context, back, { type: "success", message: MANAGE_MESSAGES.cancelled });
  }

  const target = { date: submission.value.date, time: submission.value.time };
  if (slotKey(target) === slotKey(appointment)) return refuse(submission.reply({ fieldErrors: { time: [MANAGE_MESSAGES.same] } }), 400);
  const outcome = await rescheduleAppointment(context, appointment, target);
  if (outcome === "closed") return refuse(submission.reply({ fieldErrors: { date: [CLOSED_DAY_MESSAGE] } }), 409);
  if (outcome === "not-offered") return refuse(submission.reply({ fieldErrors: { time: [TIME_MESSAGES.notOffered] } }), 400);
  if (outcome === "taken") return refuse(submission.reply({ fieldErrors: { time: [MANAGE_MESSAGES.taken] } }), 409);
  if (outcome === "stale") return refuse(submission.reply({ formErrors: [MANAGE_MESSAGES.stale] }), 409);
  return redirectWithToast(context, back, { type: "success", message: `${MANAGE_MESSAGES.moved} See you ${describeSlot(target)}.` });
}

type PageData = Route.ComponentProps["loaderData"];
type ActivePage = Extract<PageData, { state: "active" }>;
type Visit = Extract<PageData, { visit: unknown }>["visit"];

function VisitSummary({ visit, heading }: { visit: Visit; heading: string }) {
  return (
    <section className="manage__summary" aria-labelledby="manage-summary-title">
      <h2 id="manage-summary-title">{heading}</h2>
      <dl className="manage__details">
        <div>
          <dt>Service</dt>
          <dd>{visit.service}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{visit.dateLabel}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{visit.time} (Central time)</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * Choosing a new time: the same day chips as /book. Without JavaScript "Show times" reloads
 * the page at the times (#manage-times); with it, a chosen day's times show at once.
 */
function RescheduleStep({ page }: { page: ActivePage }) {
  const { pathname } = useLocation();
  const day = useChosenDay(page.days, page.date, (date) => `${pathname}?${new URLSearchParams({ step: "reschedule", date })}`);
  const dateLabel = day.chosen ? formatCalendarDay(day.chosen) : null;
  return (
    <section className="manage__step" aria-labelledby="manage-reschedule-title">
      <h2 id="manage-reschedule-title">Choose a new time</h2>
      <DayStep
        days={page.days.map((open) => open.date)}
        chosen={day.chosen}
        idPrefix="manage-date"
        anchor={MANAGE_TIMES_ANCHOR}
        hint={`Further ahead? Call us at ${store.phone.display}.`}
        noDays="No open times are left in the next weeks. Please call us to move your visit."
        hidden={{ step: "reschedule" }}
        onChoose={day.choose}
      />
      {page.dayNotOffered && !day.chosen ? <FormErrors errors={[MANAGE_MESSAGES.dayNotOffered]} /> : null}
      {page.timeNotOpen ? <FormErrors errors={[MANAGE_MESSAGES.notOpen]} /> : null}
      <div id={MANAGE_TIMES_ANCHOR} aria-live="polite">
        {!day.chosen ? null : day.times?.length ? (
          <form method="get" className="manage__times" aria-labelledby="manage-times-title">
            <input type="hidden" name="step" value="review" />
            <input type="hidden" name="date" value={day.chosen} />
            <h3 id="manage-times-title" className="scheduler__times-heading">Open times on {dateLabel}</h3>
            <fieldset key={day.chosen} className="field choice-group">
              <legend className="visually-hidden">Time on {dateLabel}</legend>
              <TimeChips name="time" times={day.times} chosen={null} idPrefix="manage-time" required />
            </fieldset>
            <button type="submit" className="button button--primary">Continue</button>
          </form>
        ) : day.times ? (
          <p className="booking-form__no-times">No open times are left on this day. Please choose another day.</p>
        ) : day.checking ? (
          <p className="field__hint">Finding open times…</p>
        ) : null}
      </div>
      <p>
        <Link to=".">Keep my appointment as it is</Link>
      </p>
    </section>
  );
}

/**
 * Why a post was refused. Beside the confirm button on the review step; anywhere
 * else (the post came from a page without that step, or the time was taken and
 * the review fell back to choosing) at the top, with the form's own errors.
 */
function errorsOf(result: SubmissionResult<string[]> | undefined, fields: string[]): string[] {
  return fields.flatMap((field) => result?.error?.[field] ?? []);
}

export default function ManageAppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData?.result;
  const page = loaderData;

  return (
    <main>
      <PageHero eyebrow="Appointments" title="Your appointment">
        <p>Check your visit, move it to another time or cancel it.</p>
      </PageHero>
      <section className="section lead-section">
        <div className="container lead-layout">
          <div className="card form-card manage">
            {page.state === "not-found" ? (
              <>
                <h2>We couldn&apos;t find that appointment</h2>
                <p>{MANAGE_MESSAGES.invalidLink}</p>
                <p>
                  <a href={phoneHref}>Call {store.phone.display}</a> or <Link to="/book">book a new time</Link>.
                </p>
              </>
            ) : page.state === "ended" ? (
              <>
                <VisitSummary visit={page.visit} heading="This appointment has passed" />
                <p>{MANAGE_MESSAGES.ended}</p>
                <p>
                  <Link to="/book" className="button button--primary">Book another visit</Link>
                </p>
              </>
            ) : page.state === "cancelled" ? (
              <>
                <FormErrors errors={errorsOf(result, ["", "time", "date"])} />
                <VisitSummary visit={page.visit} heading="This appointment is cancelled" />
                <p>The time is free again for other visitors. We hope to see you another day.</p>
                <p>
                  <Link to="/book" className="button button--primary">Book a new time</Link>
                </p>
              </>
            ) : (
              <>
                <FormErrors errors={errorsOf(result, page.step === "review" && page.target ? [""] : ["", "time", "date"])} />
                <VisitSummary visit={page.visit} heading="You're booked" />
                {page.step === "overview" ? (
                  <div className="manage__actions">
                    <Link to="?step=reschedule" className="button button--primary">Reschedule</Link>
                    <Link to="?step=cancel" className="button button--secondary">Cancel appointment</Link>
                    <a href={page.visit.calendarPath} className="button button--link" download="appointment.ics">
                      Add to calendar
                    </a>
                  </div>
                ) : null}

                {page.step === "cancel" ? (
                  <section className="manage__step" aria-labelledby="manage-cancel-title">
                    <h2 id="manage-cancel-title">Cancel this appointment?</h2>
                    <p>The time is given back to other visitors. You can book again at any time.</p>
                    <Form method="post" className="manage__confirm">
                      <HoneypotField />
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="current" value={page.visit.current} />
                      <button type="submit" className="button button--danger" disabled={busy}>
                        {busy ? "Cancelling…" : "Yes, cancel my appointment"}
                      </button>
                      <Link to="." className="button button--secondary">Keep my appointment</Link>
                    </Form>
                  </section>
                ) : null}

                {page.step === "reschedule" ? <RescheduleStep key={page.date ?? ""} page={page} /> : null}

                {page.step === "review" && page.target ? (
                  <section className="manage__step" aria-labelledby="manage-review-title">
                    <h2 id="manage-review-title">Move your appointment?</h2>
                    <p>
                      From <strong>{page.visit.whenLabel}</strong> to <strong>{page.target.label}</strong>.
                    </p>
                    <Form method="post" className="manage__confirm">
                      <HoneypotField />
                      <input type="hidden" name="intent" value="reschedule" />
                      <input type="hidden" name="current" value={page.visit.current} />
                      <input type="hidden" name="date" value={page.target.date} />
                      <input type="hidden" name="time" value={page.target.time} />
                      <ErrorList id="manage-time-error" errors={errorsOf(result, ["time", "date"])} />
                      <button type="submit" className="button button--primary" disabled={busy}>
                        {busy ? "Moving…" : "Yes, move my appointment"}
                      </button>
                      <Link to={`?step=reschedule&date=${page.target.date}#${MANAGE_TIMES_ANCHOR}`} className="button button--secondary">
                        Choose another time
                      </Link>
                    </Form>
                  </section>
                ) : null}
              </>
            )}
          </div>
          <LeadAside title="Questions?">
            <p>Call us during opening hours and we will gladly help you find a time.</p>
          </LeadAside>
        </div>
      </section>
    </main>
  );
}

import { Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/appointment-move";
import { DAY_NOT_OFFERED, StaffDayStep, StaffTimePicker } from "~/components/booking/staff-scheduler";
import { useChosenDay } from "~/components/booking/use-day-times";
import { formatCalendarDay } from "~/core/store-time";
import { FormErrors, HoneypotField } from "~/components/ui/forms";
import { activeAppointment, moveForCustomer, staffScheduler } from "~/dashboard/appointment-desk.server";
import { describeSlot, slotKey } from "~/leads/manage.server";
import { leadHref } from "~/core/dashboard-links";
import { getCloudflare } from "~/http/request-context";

// Staff move a visit for the customer (issue 40): the same scheduler, and the same
// move as the customer's manage page, told to the customer with SEQUENCE raised.

export function meta() {
  return [{ title: "Move an appointment | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const lookup = await activeAppointment(env, params.id);
  const { appointment } = lookup;
  return {
    id: appointment.id,
    name: appointment.name,
    when: describeSlot(appointment),
    current: slotKey(appointment),
    state: lookup.state,
    ...(await staffScheduler(env, new URL(request.url))),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return moveForCustomer(context, request, params.id);
}

export default function MoveAppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const day = useChosenDay(loaderData.days, loaderData.date, (date) => `${pathname}?${new URLSearchParams({ date })}`);
  const busy = useNavigation().state === "submitting";
  const result = actionData?.result;
  const timeErrors = [...(result?.error?.time ?? []), ...(result?.error?.date ?? [])];
  return (
    <main className="staff-page container repair-page">
      <p className="record__back">
        <Link to={leadHref("appointment", loaderData.id)}>← Back to {loaderData.name}</Link>
      </p>
      <h1>Move {loaderData.name}&apos;s visit</h1>
      <div className="card record__card repair-page__form">
        <p>
          Booked for <strong>{loaderData.when}</strong>.
        </p>
        {loaderData.state !== "active" ? (
          <p>This visit is {loaderData.state === "ended" ? "over" : "cancelled"}: it can no longer be moved.</p>
        ) : (
          <>
            {day.chosen ? null : <FormErrors errors={result?.error?.date ?? undefined} />}
            <StaffDayStep days={loaderData.days.map((open) => open.date)} chosen={day.chosen} onChoose={day.choose} />
            {loaderData.dayNotOffered && !day.chosen ? <FormErrors errors={[DAY_NOT_OFFERED]} /> : null}
            {day.chosen && day.times ? (
              <Form method="post" className="repair-form" aria-label="New time">
                <HoneypotField />
                <input type="hidden" name="intent" value="reschedule" />
                <input type="hidden" name="current" value={loaderData.current} />
                <FormErrors errors={result?.error?.[""] ?? undefined} />
                <StaffTimePicker
                  date={day.chosen}
                  dateLabel={formatCalendarDay(day.chosen)}
                  times={day.times}
                  chosen={null}
                  errors={timeErrors.length ? timeErrors : undefined}
                />
                <p className="muted">The customer is told of the new time on the channels they chose, with an updated calendar file.</p>
                <button type="submit" className="button button--primary" disabled={busy}>
                  {busy ? "Moving…" : "Move to this time"}
                </button>
              </Form>
            ) : null}
          </>
        )}
      </div>
    </main>
  );
}

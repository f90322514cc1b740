import { Link, useLocation } from "react-router";
import type { Route } from "./+types/appointment-new";
import { NewAppointmentForm } from "~/components/booking/new-appointment-form";
import { DAY_NOT_OFFERED, StaffDayStep } from "~/components/booking/staff-scheduler";
import { useChosenDay } from "~/components/booking/use-day-times";
import { formatCalendarDay } from "~/core/store-time";
import { FormErrors } from "~/components/ui/forms";
import { bookForCaller, staffScheduler } from "~/dashboard/appointment-desk.server";
import { getCloudflare } from "~/http/request-context";
import { LISTS } from "~/core/staff-lists";

// A booking taken by phone (issue 40): the same scheduler as /book, then the caller.

export function meta() {
  return [{ title: "New appointment | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { formId: crypto.randomUUID(), ...(await staffScheduler(getCloudflare(context).env, new URL(request.url))) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return bookForCaller(context, request);
}

export default function NewAppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const day = useChosenDay(loaderData.days, loaderData.date, (date) => `${pathname}?${new URLSearchParams({ date })}`);
  // A day closed since the page loaded is gone from the chips: its refusal is said above them.
  const dayErrors = day.chosen ? undefined : (actionData?.result?.error?.date ?? undefined);
  const dayNotOffered = loaderData.dayNotOffered && !day.chosen && !dayErrors;
  return (
    <main className="staff-page container repair-page">
      <p className="record__back">
        <Link to={LISTS.appointments.href}>← Back to Appointments</Link>
      </p>
      <h1>New appointment</h1>
      <div className="card record__card repair-page__form">
        <FormErrors errors={dayErrors} />
        <StaffDayStep days={loaderData.days.map((open) => open.date)} chosen={day.chosen} onChoose={day.choose} />
        {dayNotOffered ? <FormErrors errors={[DAY_NOT_OFFERED]} /> : null}
        {day.chosen && day.times ? (
          <NewAppointmentForm
            key={loaderData.formId}
            formId={loaderData.formId}
            day={{ date: day.chosen, dateLabel: formatCalendarDay(day.chosen), times: day.times }}
            result={actionData?.result}
          />
        ) : null}
      </div>
    </main>
  );
}

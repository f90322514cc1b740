import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/appointment-cancel";
import { FormErrors, HoneypotField } from "~/components/ui/forms";
import { activeAppointment, cancelForCustomer } from "~/dashboard/appointment-desk.server";
import { describeSlot, slotKey } from "~/leads/manage.server";
import { leadHref } from "~/core/dashboard-links";
import { getCloudflare } from "~/http/request-context";

// Staff cancel a visit for the customer (issue 40): the same cancel as the
// customer's manage page, told to the customer with the calendar file that removes it.

export function meta() {
  return [{ title: "Cancel an appointment | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const lookup = await activeAppointment(getCloudflare(context).env, params.id);
  const { appointment } = lookup;
  return { id: appointment.id, name: appointment.name, when: describeSlot(appointment), current: slotKey(appointment), state: lookup.state };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return cancelForCustomer(context, request, params.id);
}

export default function CancelAppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const back = leadHref("appointment", loaderData.id);
  return (
    <main className="staff-page container repair-page">
      <p className="record__back">
        <Link to={back}>← Back to {loaderData.name}</Link>
      </p>
      <h1>Cancel {loaderData.name}&apos;s visit?</h1>
      <div className="card record__card repair-page__form">
        <p>
          Booked for <strong>{loaderData.when}</strong>.
        </p>
        {loaderData.state !== "active" ? (
          <p>This visit is {loaderData.state === "ended" ? "over" : "cancelled"} already.</p>
        ) : (
          <Form method="post" className="repair-form">
            <HoneypotField />
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="current" value={loaderData.current} />
            <FormErrors errors={actionData?.result?.error?.[""] ?? undefined} />
            <p className="muted">The seat is freed, and the customer is told on the channels they chose, with a calendar file that removes the visit.</p>
            <button type="submit" className="button button--danger" disabled={busy}>
              {busy ? "Cancelling…" : "Yes, cancel this visit"}
            </button>{" "}
            <Link to={back} className="button button--secondary">
              Keep it
            </Link>
          </Form>
        )}
      </div>
    </main>
  );
}

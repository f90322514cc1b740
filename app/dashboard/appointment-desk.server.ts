import { data, type RouterContextProvider } from "react-router";
import { auditStaffAction } from "~/audit/log.server";
import { staffUserContext } from "~/auth/guard.server";
import { parseForm } from "~/http/form.server";
import { clientIp } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { leadHref } from "~/core/dashboard-links";
import { parseRowId } from "~/core/row-id";
import { storeDate } from "~/core/store-time";
import { bookAppointment, openDays } from "~/leads/appointments.server";
import { refuseNotOpen } from "~/leads/booking-refusals";
import { appointmentById, cancelAppointment, describeSlot, rescheduleAppointment, slotKey } from "~/leads/manage.server";
import { BookingSchema, CancelSchema, CLOSED_DAY_MESSAGE, MANAGE_MESSAGES, RescheduleSchema, TIME_MESSAGES } from "~/leads/rules/appointment";

// The clerk's desk for appointments: a booking taken by phone, and a visit moved
// or cancelled for the customer. Each runs the same code as the customer's own
// (bookAppointment, rescheduleAppointment, cancelAppointment): the one
// availability source, one seat per booking whoever posts first, and the same
// confirmation, calendar file (SEQUENCE raised) and manage link. Only the public
// booking caps do not apply to staff.

/** The scheduler for a staff page: the same days as /book, each with its times, and the day the URL named. */
export async function staffScheduler(env: Env, url: URL) {
  const days = await openDays(env, storeDate());
  const named = url.searchParams.get("date");
  const chosen = days.find((day) => day.date === named) ?? null;
  return {
    days,
    date: chosen?.date ?? null,
    availability: chosen,
    /** A day was asked for that the scheduler does not offer (closed, full or too far). */
    dayNotOffered: Boolean(named) && !chosen,
  };
}

const FORM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A booking taken by phone. The rendered form's id is its submission token: a double click books once. */
export async function bookForCaller(context: Readonly<RouterContextProvider>, request: Request) {
  const formData = await request.formData();
  const submission = parseForm(formData, BookingSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const formId = formData.get("formId");
  if (typeof formId !== "string" || !FORM_ID.test(formId)) {
    return data({ result: submission.reply({ formErrors: ["We couldn't read this form. Please reload the page and try again."] }) }, { status: 400 });
  }
  const clerk = context.get(staffUserContext).email;
  const outcome = await bookAppointment(context, { value: submission.value, submissionId: formId, ip: clientIp(request) }, { clerk });
  if (outcome.status === "not-open") return refuseNotOpen({ reply: (errors) => submission.reply(errors) }, outcome.problem, null);
  if (outcome.status !== "booked") {
    // Taken by someone quicker (the caps never stop staff, so "capped" cannot come back here).
    return data({ result: submission.reply({ fieldErrors: { time: [TIME_MESSAGES.taken] } }) }, { status: 409 });
  }
  const { booking } = outcome;
  await auditStaffAction(context, request, "appointment-booked", { target: booking.reference, details: { date: booking.date, time: booking.time } });
  return redirectWithToast(context, "/dashboard?tab=appointments", {
    type: "success",
    message: `Booked ${submission.value.name} for ${describeSlot(booking)}. The confirmation is on its way.`,
  });
}

/** The record a move or cancel page is about, if it still holds a seat ahead; 404 otherwise. */
export async function activeAppointment(env: Env, idParam: string | undefined) {
  const id = parseRowId(idParam);
  const lookup = id === null ? null : await appointmentById(env, id);
  if (!lookup || lookup.state === "invalid" || lookup.state === "not-found") throw data("Appointment not found.", { status: 404 });
  return lookup;
}

export async function moveForCustomer(context: Readonly<RouterContextProvider>, request: Request, idParam: string | undefined) {
  const { env } = getCloudflare(context);
  const lookup = await activeAppointment(env, idParam);
  const submission = parseForm(await request.formData(), RescheduleSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const refuse = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data({ result: submission.reply(errors) }, { status });
  if (lookup.state === "ended") return refuse(410, { formErrors: ["This visit has passed: it can no longer be moved."] });
  if (lookup.state === "cancelled") return refuse(409, { formErrors: ["This visit is cancelled: book a new one instead."] });
  const { appointment } = lookup;
  if (submission.value.current !== slotKey(appointment)) return refuse(409, { formErrors: [MANAGE_MESSAGES.stale] });
  const target = { date: submission.value.date, time: submission.value.time };
  if (slotKey(target) === slotKey(appointment)) return refuse(400, { fieldErrors: { time: [MANAGE_MESSAGES.same] } });
  const clerk = context.get(staffUserContext).email;
  const outcome = await rescheduleAppointment(context, appointment, target, { clerk });
  if (outcome === "closed") return refuse(409, { fieldErrors: { date: [CLOSED_DAY_MESSAGE] } });
  if (outcome === "not-offered") return refuse(400, { fieldErrors: { time: [TIME_MESSAGES.notOffered] } });
  if (outcome === "taken") return refuse(409, { fieldErrors: { time: [TIME_MESSAGES.taken] } });
  if (outcome === "stale") return refuse(409, { formErrors: [MANAGE_MESSAGES.stale] });
  await auditStaffAction(context, request, "appointment-moved", { target: `appointments #${appointment.id}`, details: { from: describeSlot(appointment), to: describeSlot(target) } });
  return redirectWithToast(context, leadHref("appointment", appointment.id), {
    type: "success",
    message: `Moved to ${describeSlot(target)}. The customer is told.`,
  });
}

export async function cancelForCustomer(context: Readonly<RouterContextProvider>, request: Request, idParam: string | undefined) {
  const { env } = getCloudflare(context);
  const lookup = await activeAppointment(env, idParam);
  const submission = parseForm(await request.formData(), CancelSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const refuse = (status: number, message: string) => data({ result: submission.reply({ formErrors: [message] }) }, { status });
  if (lookup.state === "ended") return refuse(410, "This visit has passed: it can no longer be cancelled.");
  if (lookup.state === "cancelled") return refuse(409, "This visit is cancelled already.");
  const { appointment } = lookup;
  if (submission.value.current !== slotKey(appointment)) return refuse(409, MANAGE_MESSAGES.stale);
  const clerk = context.get(staffUserContext).email;
  if ((await cancelAppointment(context, appointment, { clerk })) === "stale") return refuse(409, MANAGE_MESSAGES.stale);
  await auditStaffAction(context, request, "appointment-cancelled", { target: `appointments #${appointment.id}`, details: { was: describeSlot(appointment) } });
  return redirectWithToast(context, leadHref("appointment", appointment.id), {
    type: "success",
    message: `Cancelled the visit on ${describeSlot(appointment)}. The customer is told.`,
  });
}

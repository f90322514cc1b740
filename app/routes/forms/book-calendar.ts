import type { Route } from "./+types/book-calendar";
import { getCloudflare } from "~/http/request-context";
import { appointmentCalendar, calendarContentType } from "~/core/ics";
import { calendarAppointment } from "~/leads/appointments.server";

/**
 * GET /book/calendar.ics?booking=<reference>: the "Add to calendar" file for a
 * stored booking, as it stands now: a moved visit at its new time, a cancelled
 * one with STATUS:CANCELLED, each with the appointment's current SEQUENCE.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const url = new URL(request.url);
  const appointment = await calendarAppointment(env, url.searchParams.get("booking") ?? "");
  if (!appointment) {
    return new Response("We couldn't find that appointment.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(appointmentCalendar(appointment), {
    headers: {
      "Content-Type": calendarContentType("PUBLISH"),
      "Content-Disposition": 'attachment; filename="appointment.ics"',
    },
  });
}

import type { Route } from "./+types/book-calendar";
import { getCloudflare } from "~/http/request-context";
import { appointmentCalendar } from "~/leads/ics";
import { findBooking } from "~/leads/appointments.server";

/** GET /book/calendar.ics?booking=<reference>: the "Add to calendar" file for a stored booking. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const url = new URL(request.url);
  const booking = await findBooking(env, url.searchParams.get("booking") ?? "");
  if (!booking) {
    return new Response("We couldn't find that appointment.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(appointmentCalendar(booking, url.hostname), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="appointment.ics"',
    },
  });
}

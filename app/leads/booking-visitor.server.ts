import { siteCookie } from "~/http/cookies.server";
import { DAY_MS } from "./booking-caps.server";

// The browser's booking cookie: a random id, so the daily cap per visitor can
// count one browser's bookings (docs/decisions/051). Only a keyed hash of it is
// stored, with the booking, for a day.

const visitorCookie = siteCookie("booking_visitor", { maxAge: DAY_MS / 1000 });
const VISITOR_ID = /^[0-9a-f-]{36}$/;

/** The id from the request's booking cookie, or a new one (the answer to a stored booking sets it: `visitorCookieHeader`). */
export async function visitorIdOf(request: Request): Promise<string> {
  const id = await visitorCookie.read(request);
  return typeof id === "string" && VISITOR_ID.test(id) ? id : crypto.randomUUID();
}

export function visitorCookieHeader(request: Request, id: string): Promise<string> {
  return visitorCookie.set(request, id);
}

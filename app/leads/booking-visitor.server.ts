import { createCookie } from "react-router";
import { DAY_MS } from "./booking-caps.server";

// The browser's booking cookie: a random id, so the daily cap per visitor can
// count one browser's bookings (docs/decisions/051). Only a keyed hash of it is
// stored, with the booking, for a day.

const visitorCookie = createCookie("booking_visitor", { httpOnly: true, sameSite: "lax", path: "/", maxAge: DAY_MS / 1000 });
const VISITOR_ID = /^[0-9a-f-]{36}$/;

/** The id from the request's booking cookie, or a new one (the answer to a stored booking sets it: `visitorCookieHeader`). */
export async function visitorIdOf(request: Request): Promise<string> {
  const id: unknown = await visitorCookie.parse(request.headers.get("Cookie"));
  return typeof id === "string" && VISITOR_ID.test(id) ? id : crypto.randomUUID();
}

export function visitorCookieHeader(id: string): Promise<string> {
  return visitorCookie.serialize(id);
}

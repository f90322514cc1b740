import { cookieSecrets } from "~/core/secret";
import { siteCookie, type SiteCookie } from "~/http/cookies.server";

// The manage link of a booking just made, shown on the page the booking form's
// post redirects to (/book?booking=<reference>) and nowhere else. The reference
// is public (it is the calendar file's UID and in its link), so it alone never
// gives out the link (docs/decisions/067): the redirect also sets this signed,
// short-lived cookie naming the reference, and only a request carrying it sees
// the booking. Signed by app/core/secret.ts's secrets; it names no one, so it is not sealed.

const LIFETIME_S = 10 * 60;
const REFERENCE = /^[0-9a-f-]{36}$/;

const cookies = new Map<string, SiteCookie>();

function justBookedCookie(env: Pick<Env, "SESSION_SECRET">) {
  let cookie = cookies.get(env.SESSION_SECRET);
  if (!cookie) {
    // Path=/ (as every site cookie) so the page's own data requests (/book.data) carry it too.
    cookie = siteCookie("just_booked", { maxAge: LIFETIME_S, secrets: cookieSecrets(env) });
    cookies.set(env.SESSION_SECRET, cookie);
  }
  return cookie;
}

/** The Set-Cookie for the redirect after a booking. */
export function justBookedCookieHeader(env: Pick<Env, "SESSION_SECRET">, request: Request, reference: string, now = Date.now()): Promise<string> {
  return justBookedCookie(env).set(request, { reference, until: now + LIFETIME_S * 1000 });
}

/** Whether this request comes from the browser that just booked `reference` (a signed cookie, not expired). */
export async function justBooked(env: Pick<Env, "SESSION_SECRET">, request: Request, reference: string, now = Date.now()): Promise<boolean> {
  if (!REFERENCE.test(reference)) return false;
  const value = await justBookedCookie(env).read(request);
  if (!value || typeof value !== "object") return false;
  const flash = value as { reference?: unknown; until?: unknown };
  return flash.reference === reference && typeof flash.until === "number" && now < flash.until;
}

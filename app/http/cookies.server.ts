import { createCookie } from "react-router";

// Every cookie the site sets is made here, the staff's (session, device) and the visitor's (flash toast, booking
// flash, booking visitor), so how one is sent is decided once: HttpOnly (no script reads any of them), SameSite=Lax,
// Path=/ (a cookie scoped to a page, say `/login`, never reaches that page's own data requests, `/login.data`), and
// Secure on every host but plain-http localhost, where the browser would drop it (issue 37, item 4).

/** Secure everywhere except plain-http localhost, where browsers would drop the cookie. */
function isSecureRequest(request: Request): boolean {
  const url = new URL(request.url);
  const isLocalHttp = url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return !isLocalHttp;
}

export interface SiteCookie {
  readonly name: string;
  /** The value this request's cookie holds, or null when it has none, or one that does not parse or verify; never throws. */
  read(request: Request): Promise<unknown>;
  /** The Set-Cookie header that stores `value` in the browser that sent `request`. */
  set(request: Request, value: unknown): Promise<string>;
  /** The Set-Cookie header that deletes the cookie. */
  clear(request: Request): Promise<string>;
}

export interface SiteCookieOptions {
  /** Seconds the browser keeps it; none: until the browser closes. */
  maxAge?: number;
  /** React Router's signing `secrets` (`cookieSecrets` of app/core/secret.ts), for a value the browser must not change. */
  secrets?: string[];
  /** Only to clear a cookie an older build scoped to one page: every cookie set now is Path=/. */
  path?: `/${string}`;
}

export function siteCookie(name: string, options: SiteCookieOptions = {}): SiteCookie {
  const cookie = createCookie(name, { httpOnly: true, sameSite: "lax", path: options.path ?? "/", maxAge: options.maxAge, secrets: options.secrets });
  return {
    name,
    async read(request) {
      try {
        return (await cookie.parse(request.headers.get("Cookie"))) ?? null;
      } catch {
        return null;
      }
    },
    set: (request, value) => cookie.serialize(value, { secure: isSecureRequest(request) }),
    clear: (request) => cookie.serialize("", { maxAge: 0, secure: isSecureRequest(request) }),
  };
}

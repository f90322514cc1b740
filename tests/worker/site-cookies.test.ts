import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { store } from "../../app/config/store";
import { createStaff, ORIGIN } from "./helpers";
import { freeWeekday, issueToken, uniqueIp } from "./lead-helpers";

// Issue 37, item 4: every cookie the site sets, the visitor's as well as the staff's, is Secure on a real host,
// and the flash cookie never holds a visitor's e-mail in a form anyone holding the cookie can read.

/** The store's own address: a real https host, as production serves it. */
const REAL = new URL(store.siteOrigin).origin;

let phoneCounter = 0;
const freshPhone = () => `901-558-${String(1000 + (++phoneCounter % 9000)).padStart(4, "0")}`;

function post(origin: string, path: string, fields: Record<string, string>, cookie = "") {
  return SELF.fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "CF-Connecting-IP": uniqueIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

function get(origin: string, path: string, cookie = "") {
  return SELF.fetch(`${origin}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

/** `name=value` of each cookie a response sets, for the next request's Cookie header. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

/**
 * A visitor's and a staff member's way through the site on `origin`, every Set-Cookie of every answer kept: forms
 * with JavaScript off (a redirect with a flash toast) and on (the data endpoints), the pages those redirects open
 * (which read and clear the toast), a booking's just-booked page, a sign-in and a sign-out.
 */
async function setCookiesOnAWalkThrough(origin: string, email: string): Promise<string[]> {
  const seen: string[] = [];
  const keep = async (response: Response) => {
    seen.push(...response.headers.getSetCookie());
    await response.arrayBuffer();
    return response;
  };

  const contact = await keep(
    await post(origin, "/contactus", {
      name: "Cookie Visitor",
      phone: freshPhone(),
      email,
      message: "Is my cookie safe?",
      smsConsent: "on",
      submissionToken: await issueToken("contact"),
    }),
  );
  expect(contact.status).toBe(302);
  await keep(await get(origin, "/contactus", cookieHeader(contact)));

  const order = {
    name: "Cookie Visitor",
    phone: freshPhone(),
    email,
    jewelryType: "Custom Ring",
    materialPreferences: "Gold Rose",
    diamondSelection: "Moissanite",
  };
  const orderPost = await keep(await post(origin, "/orderOnline", { ...order, submissionToken: await issueToken("order") }));
  expect(orderPost.status).toBe(302);
  const orderSent = await keep(await post(origin, "/orderOnline/send", { ...order, phone: freshPhone(), submissionToken: await issueToken("order") }));
  expect(orderSent.status).toBe(200);
  await keep(await get(origin, "/orderOnline", cookieHeader(orderSent)));

  const booking = { name: "Cookie Visitor", phone: freshPhone(), email, service: "Repair", date: freeWeekday(), time: "2:00 PM" };
  const booked = await keep(await post(origin, "/book", { ...booking, submissionToken: await issueToken("appointment") }));
  expect(booked.status).toBe(302);
  const bookedPage = await keep(await get(origin, booked.headers.get("Location")!, cookieHeader(booked)));
  expect(bookedPage.status).toBe(200);
  const inline = await keep(
    await post(origin, "/book.data", { ...booking, phone: freshPhone(), time: "3:00 PM", respond: "inline", submissionToken: await issueToken("appointment") }),
  );
  expect(inline.status).toBe(200);

  const staff = await createStaff();
  const signedIn = await keep(await post(origin, "/login", { email: staff.email, password: staff.password }));
  expect(signedIn.status).toBe(302);
  const signedOut = await keep(await post(origin, "/logout", {}, cookieHeader(signedIn)));
  expect(signedOut.status).toBe(302);
  return seen;
}

/** Every cookie the site sets: a new one must be added here, and so be checked below. */
const SITE_COOKIES = ["booking_visitor", "flash_toast", "just_booked", "staff_device", "staff_session"];

const nameOf = (setCookie: string) => setCookie.slice(0, setCookie.indexOf("="));
const attributesOf = (setCookie: string) =>
  setCookie
    .split(";")
    .slice(1)
    .map((attribute) => attribute.trim().toLowerCase());

describe("every cookie the site sets (issue 37, item 4)", () => {
  it("is Secure, HttpOnly and SameSite=Lax on a real host, the visitor's as well as the staff's", async () => {
    const setCookies = await setCookiesOnAWalkThrough(REAL, "cookie.visitor@example.com");
    expect([...new Set(setCookies.map(nameOf))].sort()).toEqual(SITE_COOKIES);
    for (const setCookie of setCookies) {
      const attributes = attributesOf(setCookie);
      expect(attributes, setCookie).toContain("secure");
      expect(attributes, setCookie).toContain("httponly");
      expect(attributes, setCookie).toContain("samesite=lax");
      // Path=/ reaches the pages' own data requests (/book.data, /login.data); only the clearing of the device
      // cookie first issued on /login names that path.
      const path = attributes.find((attribute) => attribute.startsWith("path="));
      expect(path === "path=/" || (path === "path=/login" && attributes.includes("max-age=0")), setCookie).toBe(true);
    }
  });

  it("is not Secure on plain-http localhost, where the browser would drop a Secure cookie", async () => {
    const setCookies = await setCookiesOnAWalkThrough(ORIGIN, "cookie.local@example.com");
    expect([...new Set(setCookies.map(nameOf))].sort()).toEqual(SITE_COOKIES);
    for (const setCookie of setCookies) expect(attributesOf(setCookie), setCookie).not.toContain("secure");
  });
});

/**
 * Every text a cookie's value can be read as by someone holding it, without the site's secret: as sent, URL-decoded,
 * each run of base64 or base64url in it decoded (as Latin-1 and as UTF-8), and again inside what that gave, a few
 * levels deep (React Router's cookies are base64 of URL-encoded JSON).
 */
function readableForms(value: string): string[] {
  const found = new Set<string>([value]);
  let layer = [value];
  for (let depth = 0; depth < 4; depth++) {
    const next: string[] = [];
    const add = (text: string) => {
      if (!found.has(text)) {
        found.add(text);
        next.push(text);
      }
    };
    for (const text of layer) {
      try {
        add(decodeURIComponent(text));
      } catch {
        // not URL-encoded
      }
      for (const run of text.match(/[A-Za-z0-9+/_-]{4,}={0,2}/g) ?? []) {
        const standard = run.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
        try {
          const binary = atob(standard + "=".repeat((4 - (standard.length % 4)) % 4));
          add(binary);
          add(new TextDecoder().decode(Uint8Array.from(binary, (character) => character.charCodeAt(0))));
        } catch {
          // not base64
        }
      }
    }
    layer = next;
  }
  return [...found];
}

describe("the flash cookie (issue 37, item 4)", () => {
  it("never holds the visitor's e-mail in a readable form, and the page still shows where the e-mail went", async () => {
    const email = "ada.sealed-7f3a@example.com";
    const response = await post(REAL, "/contactus", {
      name: "Ada Sealed",
      phone: freshPhone(),
      email,
      message: "Where did my confirmation go?",
      smsConsent: "on",
      submissionToken: await issueToken("contact"),
    });
    expect(response.status).toBe(302);
    const flash = response.headers.getSetCookie().find((cookie) => cookie.startsWith("flash_toast="));
    expect(flash).toBeDefined();
    const value = flash!.slice("flash_toast=".length).split(";")[0]!;
    // The check itself finds the address where it is readable: in a cookie signed but not sealed, as before.
    const signedOnly = encodeURIComponent(btoa(JSON.stringify({ receipt: { email } }))) + ".signature";
    expect(readableForms(signedOnly).some((text) => text.includes(email))).toBe(true);

    const readable = readableForms(value);
    for (const needle of [email, encodeURIComponent(email), "ada.sealed-7f3a"]) {
      expect(readable.filter((text) => text.toLowerCase().includes(needle.toLowerCase())), needle).toEqual([]);
    }

    // What the visitor sees is unchanged: the page the redirect opens says where the confirmation went.
    const page = await (await get(REAL, "/contactus", cookieHeader(response))).text();
    expect(page).toContain(`A confirmation e-mail went to <strong>${email}</strong>`);
  });
});

// The four forms the hostile corpus is pointed at: where they post, their field
// rules and messages (as a visitor reads them), and how to make a valid post.
import { env } from "cloudflare:test";
import { bookingCaps } from "../../../app/config/booking";
import { store } from "../../../app/config/store";
import { bookerOf } from "../../../app/leads/booking-caps.server";
import type { LeadKind } from "../../../app/core/lead-kinds";
import { issueSubmissionToken } from "../../../app/leads/submission-token.server";
import { createStaff, get, postForm } from "../helpers";
import { entriesOf, INVISIBLE_OR_BREAKING, type FieldRule, type FormUnderTest, type HostileCase } from "./corpus";
import { orderMultipartCases } from "./multipart";
import { PHONE_MESSAGE } from "../../../app/leads/rules/fields";

const TOKEN = {
  field: "submissionToken",
  invalid: "We couldn't verify this form. Please submit it again.",
  expired: "This form has expired. Please submit it again.",
};
const HONEYPOT = { field: "website", message: "Form not submitted properly." };

const NAME: FieldRule = {
  name: "name",
  kind: "single-line",
  required: "Please enter your name.",
  max: { length: 100, message: "Name must be 100 characters or fewer." },
  invalid: "Name contains characters we can't accept.",
};
/** Each order select with an "Other", its description field and how its message names it. */
const ORDER_OTHERS = [
  ["jewelryType", "jewelryTypeOther", "the jewelry type"],
  ["materialPreferences", "materialPreferencesOther", "the material"],
  ["diamondSelection", "diamondSelectionOther", "the diamond or stone"],
] as const;
const PHONE_INVALID = PHONE_MESSAGE;
const EMAIL: FieldRule = {
  name: "email",
  kind: "email",
  required: "Please enter your e-mail address.",
  max: { length: 254, message: "E-mail must be 254 characters or fewer." },
  invalid: "Enter a valid e-mail address",
};

let serial = 0;
/** A unique suffix, so every valid post is a different person. */
const unique = () => `${++serial}${crypto.randomUUID().slice(0, 6)}`;

async function pageToken(path: string): Promise<string> {
  const html = await (await get(path)).text();
  const token = /name="submissionToken"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="submissionToken"/.exec(html);
  if (!token) throw new Error(`no submission token on ${path}`);
  return token[1] ?? token[2]!;
}

function tokenRules(kind: LeadKind, other: LeadKind) {
  return {
    ...TOKEN,
    signed: (ageMs: number) => issueSubmissionToken(env, kind, Date.now() - ageMs),
    otherForm: () => issueSubmissionToken(env, other),
  };
}

const accepted = (check?: (row: Record<string, unknown>) => void) => ({ accepted: true as const, check });
const refused = (status: number, message: string) => ({ rejected: status, message });
function column(name: string, expected: unknown) {
  return (row: Record<string, unknown>) => {
    if (row[name] !== expected) throw new Error(`${name} stored as ${JSON.stringify(row[name])}, expected ${JSON.stringify(expected)}`);
  };
}

export const contactForm: FormUnderTest = {
  id: "contact",
  path: "/contactus",
  identity: { field: "name", column: "name" },
  token: tokenRules("contact", "order"),
  honeypot: HONEYPOT,
  fields: [
    NAME,
    { name: "phone", kind: "phone", required: "Please enter your phone number.", invalid: PHONE_INVALID },
    EMAIL,
    {
      name: "message",
      kind: "multi-line",
      required: "Please enter a message.",
      max: { length: 2000, message: "Message must be 2,000 characters or fewer." },
      invalid: "Message contains characters we can't accept.",
    },
    { name: "smsConsent", kind: "consent", required: "Please agree to texts about this message" },
  ],
  async valid() {
    const id = unique();
    return {
      name: `Hostile Contact ${id}`,
      phone: "(901) 555-0100",
      email: `contact${id}@example.com`,
      message: "Do you resize rings?",
      smsConsent: "on",
      submissionToken: await pageToken("/contactus"),
    };
  },
  extraCases: (): HostileCase[] => [
    { name: "name: exactly 100 characters", build: (v) => ({ entries: entriesOf(v, { name: "N".repeat(100) }) }), expect: accepted(column("name", "N".repeat(100))) },
    { name: "name: surrounding spaces are trimmed", build: (v) => ({ entries: entriesOf(v, { name: "  Ada Lovelace  " }) }), expect: accepted(column("name", "Ada Lovelace")) },
    { name: "message: exactly 2,000 characters", build: (v) => ({ entries: entriesOf(v, { message: "m".repeat(2000) }) }), expect: accepted() },
    { name: "message: line breaks and tabs are kept", build: (v) => ({ entries: entriesOf(v, { message: "Line one\r\nLine two\n\tIndented" }) }), expect: accepted(column("message", "Line one\r\nLine two\n\tIndented")) },
    { name: "message: NUL byte", build: (v) => ({ entries: entriesOf(v, { message: "Hello\u0000there" }) }), expect: refused(400, "Message contains characters we can't accept.") },
    { name: "message: SQL metacharacters are stored as text", build: (v) => ({ entries: entriesOf(v, { message: "1; DELETE FROM contact_messages; --" }) }), expect: accepted(column("message", "1; DELETE FROM contact_messages; --")) },
    { name: "smsConsent: ticked twice", build: (v) => ({ entries: [...entriesOf(v), ["smsConsent", "on"]] }), expect: refused(400, "Please agree to texts about this message") },
  ],
};

export const orderForm: FormUnderTest = {
  id: "order",
  path: "/orderOnline",
  identity: { field: "name", column: "name" },
  token: tokenRules("order", "contact"),
  honeypot: HONEYPOT,
  fields: [
    NAME,
    { name: "phone", kind: "phone", required: "Please enter your phone number.", invalid: PHONE_INVALID },
    EMAIL,
    { name: "jewelryType", kind: "choice", required: "Please choose a jewelry type." },
    { name: "materialPreferences", kind: "choice", required: "Please choose a material." },
    { name: "diamondSelection", kind: "choice", required: "Please choose a diamond option." },
  ],
  async valid() {
    const id = unique();
    return {
      name: `Hostile Order ${id}`,
      phone: "901-555-0101",
      email: `order${id}@example.com`,
      jewelryType: "Custom Ring",
      materialPreferences: "Gold Rose",
      diamondSelection: "Moissanite",
      submissionToken: await pageToken("/orderOnline"),
    };
  },
  extraCases: (): HostileCase[] => [
    { name: "Other without a description", build: (v) => ({ entries: entriesOf(v, { jewelryType: "Other" }) }), expect: refused(400, "Please describe the jewelry type.") },
    { name: "Other with a blank description", build: (v) => ({ entries: entriesOf(v, { materialPreferences: "Other", materialPreferencesOther: "   " }) }), expect: refused(400, "Please describe the material.") },
    { name: "Other with a description stores the description", build: (v) => ({ entries: entriesOf(v, { diamondSelection: "Other", diamondSelectionOther: "Lab sapphire" }) }), expect: accepted(column("diamond_selection", "Lab sapphire")) },
    { name: "Other description of 101 characters", build: (v) => ({ entries: entriesOf(v, { jewelryType: "Other", jewelryTypeOther: "d".repeat(101) }) }), expect: refused(400, "Description must be 100 characters or fewer.") },
    { name: "Other description with CR/LF", build: (v) => ({ entries: entriesOf(v, { jewelryType: "Other", jewelryTypeOther: "Anklet\r\nBcc: x@example.com" }) }), expect: refused(400, "Description contains characters we can't accept.") },
    { name: "a description while the select is not Other is ignored", build: (v) => ({ entries: entriesOf(v, { jewelryTypeOther: "Tiara" }) }), expect: accepted(column("jewelry_type", "Custom Ring")) },
    // The descriptions follow the same text rule as every other field.
    ...ORDER_OTHERS.flatMap(([select, text, describe]): HostileCase[] => [
      ...INVISIBLE_OR_BREAKING.map(([label, character]): HostileCase => ({
        name: `${text}: ${label}`,
        build: (v) => ({ entries: entriesOf(v, { [select]: "Other", [text]: `Lab ${character}stone` }) }),
        expect: refused(400, "Description contains characters we can't accept."),
      })),
      { name: `${text}: NUL byte`, build: (v) => ({ entries: entriesOf(v, { [select]: "Other", [text]: "Lab\u0000stone" }) }), expect: refused(400, "Description contains characters we can't accept.") },
      { name: `${text}: only zero-width characters`, build: (v) => ({ entries: entriesOf(v, { [select]: "Other", [text]: "\u200b\u200c\u200d\u2060" }) }), expect: refused(400, `Please describe ${describe}.`) },
    ]),
    {
      name: "Other descriptions with markup and SQL are stored as text",
      build: (v) => ({ entries: entriesOf(v, { jewelryType: "Other", jewelryTypeOther: "<b>Crown</b>", materialPreferences: "Other", materialPreferencesOther: "Gold'; --" }) }),
      expect: accepted((row) => {
        column("jewelry_type", "<b>Crown</b>")(row);
        column("material_preferences", "Gold'; --")(row);
      }),
    },
    ...orderMultipartCases(),
  ],
};

/** Hands out distinct future slots (store hours: Mon-Sat 11 AM to 5 PM starts, Sunday to 6 PM). */
class Slots {
  private day: number;
  private queue: { date: string; time: string }[] = [];
  constructor(daysAhead: number) {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
    this.day = Date.parse(`${today}T00:00:00Z`) + daysAhead * 86_400_000;
  }
  next() {
    while (this.queue.length === 0) {
      const date = new Date(this.day);
      // Sundays' 6 PM is left for sundayEvening(), so the two never hand out one slot.
      for (let hour = 11; hour <= 17; hour++) {
        this.queue.push({ date: date.toISOString().slice(0, 10), time: `${hour % 12 || 12}:00 ${hour < 12 ? "AM" : "PM"}` });
      }
      this.day += 86_400_000;
    }
    return this.queue.shift()!;
  }
  /** The next Sunday at or after the current day, at 6 PM. */
  sundayEvening() {
    let day = this.day;
    while (new Date(day).getUTCDay() !== 0) day += 86_400_000;
    return { date: new Date(day).toISOString().slice(0, 10), time: "6:00 PM" };
  }
}
const slots = new Slots(3);

function storeDatePlus(days: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

let phones = 0;
/** A phone number no other booking here uses: one number holds at most 2 upcoming appointments. */
function nextPhone(): string {
  phones += 1;
  return `901.555.${String(3000 + phones).padStart(4, "0")}`;
}

/** A booking stored before the case runs (through the form, from its own address unless told), as set-up. */
async function bookFirst(changes: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const fields = { ...(await bookingForm.valid()), ...changes };
  const { SELF } = await import("cloudflare:test");
  const response = await SELF.fetch("http://localhost:8787/book", {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost:8787",
      "CF-Connecting-IP": `10.99.${phones & 255}.${(phones >> 8) + 1}`,
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
  if (response.status !== 302) throw new Error(`setup booking answered ${response.status}`);
  return { fields, response };
}

const CAP_PHONE = `This phone number already has ${bookingCaps.upcomingPerPhone} upcoming appointments with us. To book another or change one, please call us at ${store.phone.display}.`;
const CAP_DAILY = `this one has reached today's: please call us at ${store.phone.display}, and we book the visit with you on the phone.`;

export const bookingForm: FormUnderTest = {
  id: "booking",
  path: "/book",
  identity: { field: "name", column: "name" },
  token: tokenRules("appointment", "contact"),
  honeypot: HONEYPOT,
  fields: [
    NAME,
    { name: "phone", kind: "phone", required: "Please enter your phone number.", invalid: PHONE_INVALID },
    { name: "date", kind: "date", required: "Please choose a date." },
    { name: "time", kind: "time", required: "Please choose a time." },
    { name: "service", kind: "choice", required: "Please choose a service." },
  ],
  async valid() {
    const id = unique();
    const slot = slots.next();
    return {
      name: `Hostile Booking ${id}`,
      phone: nextPhone(),
      date: slot.date,
      time: slot.time,
      service: "Repair",
      submissionToken: await pageToken("/book"),
    };
  },
  extraCases: (): HostileCase[] => [
    { name: "date: yesterday", build: (v) => ({ entries: entriesOf(v, { date: storeDatePlus(-1) }) }), expect: refused(400, "Please choose today or a later date.") },
    { name: "date: not a calendar day", build: (v) => ({ entries: entriesOf(v, { date: "2027-02-30" }) }), expect: refused(400, "Please choose a valid date.") },
    { name: "date: US format", build: (v) => ({ entries: entriesOf(v, { date: "12/01/2026" }) }), expect: refused(400, "Please choose a valid date.") },
    { name: "date: SQL metacharacters", build: (v) => ({ entries: entriesOf(v, { date: `${v.date}' OR '1'='1` }) }), expect: refused(400, "Please choose a valid date.") },
    { name: "date: beyond the booking window", build: (v) => ({ entries: entriesOf(v, { date: storeDatePlus(400) }) }), expect: refused(400, "Please choose a date within the next") },
    { name: "time: before opening", build: (v) => ({ entries: entriesOf(v, { time: "10:00 AM" }) }), expect: refused(400, "Please choose one of the listed times.") },
    { name: "time: 24-hour format", build: (v) => ({ entries: entriesOf(v, { time: "14:00" }) }), expect: refused(400, "Please choose one of the listed times.") },
    { name: "time: script tag", build: (v) => ({ entries: entriesOf(v, { time: "<script>alert(1)</script>" }) }), expect: refused(400, "Please choose one of the listed times.") },
    {
      name: "time: 6 PM on a weekday (Sundays only)",
      build: (v) => {
        let date = v.date!;
        while (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        return { entries: entriesOf(v, { date, time: "6:00 PM" }) };
      },
      expect: refused(400, "Please choose one of the listed times."),
    },
    { name: "time: 6 PM on a Sunday", build: (v) => ({ entries: entriesOf(v, { ...slots.sundayEvening() }) }), expect: accepted(column("time", "6:00 PM")) },
    {
      name: "a slot another visitor just booked",
      build: async (v) => {
        const { fields: first } = await bookFirst();
        return { entries: entriesOf(v, { date: first.date!, time: first.time! }) };
      },
      expect: refused(409, "Sorry, that time was just taken. Please choose another time."),
    },
    // The booking caps (app/config/booking.ts): one script cannot book out the calendar.
    {
      name: "caps: a second upcoming appointment for one phone number",
      build: async (v) => {
        await bookFirst({ phone: v.phone! });
        return { entries: entriesOf(v) };
      },
      expect: accepted(),
    },
    {
      name: "caps: a phone number's third upcoming appointment, typed another way",
      build: async (v) => {
        await bookFirst({ phone: v.phone! });
        await bookFirst({ phone: v.phone! });
        return { entries: entriesOf(v, { phone: `+1 (${v.phone!.slice(0, 3)}) ${v.phone!.slice(4)}` }) };
      },
      expect: refused(409, CAP_PHONE),
    },
    {
      name: "caps: a phone number's third, through the JavaScript data endpoint",
      build: async (v) => {
        await bookFirst({ phone: v.phone! });
        await bookFirst({ phone: v.phone! });
        return { entries: entriesOf(v, { respond: "inline" }), dataRequest: true };
      },
      expect: refused(409, CAP_PHONE),
    },
    {
      name: "caps: a phone number whose two earlier appointments have passed",
      build: async (v) => {
        for (const [date, hoursAgo] of [["2020-01-02", 2], ["2020-01-03", 30]] as const) {
          await env.DB.prepare(
            "INSERT INTO appointments (name, phone, phone_key, date, time, service, created_at, starts_at) VALUES ('Past Visit', ?, ?, ?, '11:00 AM', 'Repair', ?, ?)",
          )
            .bind(v.phone!, v.phone!.replace(/\D/g, ""), date, Date.now() - 40 * 86_400_000, Date.now() - hoursAgo * 3_600_000)
            .run();
        }
        return { entries: entriesOf(v) };
      },
      expect: accepted(),
    },
    {
      name: `caps: a browser's booking number ${bookingCaps.perVisitorPerDay + 1} of the day`,
      build: async (v) => {
        const { response } = await bookFirst();
        const cookie = /booking_visitor=[^;]+/.exec(response.headers.get("Set-Cookie") ?? "")![0];
        for (let i = 1; i < bookingCaps.perVisitorPerDay; i++) await bookFirst({}, { Cookie: cookie });
        return { entries: entriesOf(v), headers: { Cookie: cookie } };
      },
      expect: refused(429, CAP_DAILY),
    },
    ...(
      [
        ["one address", (n: number): [string, string] => [`10.98.${n & 255}.${(n >> 8) + 1}`, `10.98.${n & 255}.${(n >> 8) + 1}`]],
        ["one IPv6 /64 (the post from another address in it)", (n: number): [string, string] => [`2001:db8:${n.toString(16)}:7::1`, `2001:0db8:${n.toString(16)}:0007:ffff:0:0:9`]],
      ] as const
    ).map(([where, addresses]): HostileCase => ({
      name: `caps: booking number ${bookingCaps.perAddressPerDay + 1} of the day from ${where}`,
      build: async (v) => {
        // The form limit allows 5 posts a minute from one address, so the day's earlier bookings are seeded.
        const [earlier, now] = addresses(phones);
        const { addressKey } = await bookerOf(env, { phone: "", ip: earlier, visitorId: crypto.randomUUID() });
        for (let i = 0; i < bookingCaps.perAddressPerDay; i++) {
          const { date, time } = slots.next();
          await env.DB.prepare(
            "INSERT INTO appointments (name, phone, phone_key, date, time, service, created_at, starts_at, address_key) VALUES ('Same Address', '901-555-0000', '9015550000', ?, ?, 'Repair', ?, ?, ?)",
          )
            .bind(date, time, Date.now() - 3_600_000, Date.now() + 86_400_000, addressKey)
            .run();
        }
        return { entries: entriesOf(v), headers: { "CF-Connecting-IP": now } };
      },
      expect: refused(429, CAP_DAILY),
    })),
  ],
};

/** The device cookie a browser keeps after signing in to this account (a Cookie header value). */
async function deviceCookieFor(account: { email?: string; password?: string }): Promise<string> {
  const response = await postForm("/login", { email: account.email!, password: account.password! }, { "CF-Connecting-IP": "10.98.0.1" });
  const match = /staff_device=[^;]+/.exec(response.headers.getSetCookie().join("\n"));
  if (!match) throw new Error(`setup sign-in answered ${response.status} without a device cookie`);
  return match[0];
}

/** Sign-in: nothing is stored; "accepted" means a session cookie and a same-site redirect. */
export const loginForm: FormUnderTest = {
  id: "login",
  path: "/login",
  identity: { field: "email", column: "email" },
  honeypot: HONEYPOT,
  fields: [
    { ...EMAIL, blank: "Enter a valid e-mail address.", invalid: "Enter a valid e-mail address." },
    { name: "password", kind: "password", required: "Please enter your password.", max: { length: 1024, message: "That password is too long." } },
  ],
  async valid() {
    const staff = await createStaff("correct-horse-battery");
    return { email: staff.email, password: staff.password };
  },
  extraCases: (): HostileCase[] => {
    const sameSite = (row: Record<string, unknown>) => {
      if (row.location !== "/dashboard") throw new Error(`redirected to ${String(row.location)}`);
    };
    const wrong = "Invalid email or password";
    return [
      { name: "wrong password", build: (v) => ({ entries: entriesOf(v, { password: "not-the-password" }) }), expect: refused(401, wrong) },
      { name: "unknown account", build: (v) => ({ entries: entriesOf(v, { email: `nobody-${unique()}@example.com` }) }), expect: refused(401, wrong) },
      { name: "password: empty", build: (v) => ({ entries: entriesOf(v, { password: "" }) }), expect: refused(400, "Please enter your password.") },
      { name: "password: SQL injection", build: (v) => ({ entries: entriesOf(v, { password: "' OR '1'='1" }) }), expect: refused(401, wrong) },
      { name: "password: emoji and RTL text", build: (v) => ({ entries: entriesOf(v, { password: "💍 كلمة السر" }) }), expect: refused(401, wrong) },
      { name: "password: lone surrogate", build: (v) => ({ entries: entriesOf(v, { password: "pass\ud800word" }) }), expect: refused(401, wrong) },
      { name: "password: the right one with a trailing space", build: (v) => ({ entries: entriesOf(v, { password: `${v.password} ` }) }), expect: refused(401, wrong) },
      { name: "email: SQL injection", build: (v) => ({ entries: entriesOf(v, { email: "' OR 1=1 --" }) }), expect: refused(400, "Enter a valid e-mail address.") },
      { name: "email: in capitals signs in", build: (v) => ({ entries: entriesOf(v, { email: v.email!.toUpperCase() }) }), expect: accepted(sameSite) },
      { name: "redirectTo: another site", build: (v) => ({ entries: entriesOf(v, { redirectTo: "https://evil.example/phish" }) }), expect: accepted(sameSite) },
      { name: "redirectTo: protocol-relative", build: (v) => ({ entries: entriesOf(v, { redirectTo: "//evil.example" }) }), expect: accepted(sameSite) },
      { name: "redirectTo: backslash trick", build: (v) => ({ entries: entriesOf(v, { redirectTo: "/\\evil.example" }) }), expect: accepted(sameSite) },
      { name: "redirectTo: javascript URL", build: (v) => ({ entries: entriesOf(v, { redirectTo: "javascript:alert(1)" }) }), expect: accepted(sameSite) },
      { name: "redirectTo: CR/LF response splitting", build: (v) => ({ entries: entriesOf(v, { redirectTo: "/dashboard\r\nSet-Cookie: staff_session=forged" }) }), expect: accepted(sameSite) },
      { name: "unknown fields (role, isAdmin) are ignored", build: (v) => ({ entries: [...entriesOf(v), ["role", "owner"], ["isAdmin", "true"], ["__proto__[admin]", "1"]] }), expect: accepted(sameSite) },
      { name: "the same sign-in posted twice", build: (v) => ({ entries: entriesOf(v), twice: true }), expect: accepted(sameSite) },
      { name: "redirectTo: dot segment before a double slash", build: (v) => ({ entries: entriesOf(v, { redirectTo: "/.//evil.example" }) }), expect: accepted(sameSite) },
      { name: "redirectTo: encoded dot-dot before a double slash", build: (v) => ({ entries: entriesOf(v, { redirectTo: "/%2e%2e//evil.example" }) }), expect: accepted(sameSite) },
      { name: "device cookie: this account's, right password", build: async (v) => ({ entries: entriesOf(v), headers: { Cookie: await deviceCookieFor(v) } }), expect: accepted(sameSite) },
      { name: "device cookie: this account's, wrong password", build: async (v) => ({ entries: entriesOf(v, { password: "not-the-password" }), headers: { Cookie: await deviceCookieFor(v) } }), expect: refused(401, wrong) },
      {
        name: "device cookie: another account's",
        build: async (v) => ({ entries: entriesOf(v), headers: { Cookie: await deviceCookieFor(await createStaff("correct-horse-battery")) } }),
        expect: accepted(sameSite),
      },
      {
        name: "device cookie: tampered",
        build: async (v) => ({ entries: entriesOf(v), headers: { Cookie: (await deviceCookieFor(v)).replace(/.{4}$/, "AAAA") } }),
        expect: accepted(sameSite),
      },
      { name: "device cookie: not base64, not JSON", build: (v) => ({ entries: entriesOf(v), headers: { Cookie: "staff_device=%E0%A4%A; staff_device=<script>" } }), expect: accepted(sameSite) },
      { name: "device cookie: 10 KB", build: (v) => ({ entries: entriesOf(v), headers: { Cookie: `staff_device=${"x".repeat(10_000)}` } }), expect: accepted(sameSite) },
    ];
  },
};

const invitationPaths = new WeakMap<Record<string, string>, string>();

async function sha256Url(text: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A live invitation link in D1, as the owner's Staff page makes one; returns its path. */
async function invitationLink(options: { email?: string; expiresInMs?: number } = {}) {
  const token = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const email = options.email ?? `invited-${unique()}@example.com`;
  await env.DB.prepare("INSERT INTO invitations (email, kind, token_hash, invited_by, created_at, expires_at) VALUES (?, 'invite', ?, NULL, ?, ?)")
    .bind(email, await sha256Url(token), Date.now(), Date.now() + (options.expiresInMs ?? 48 * 3600_000))
    .run();
  return `/invite/${token}`;
}

const NEW_PASSWORD = "a-colleague-password";
const LINK_GONE = "This link has expired or was already used.";

/** Setting a password from an invitation link: "accepted" means exactly one account made. */
export const invitationForm: FormUnderTest = {
  id: "invitation",
  path: "/invite/not-a-link",
  identity: { field: "newPassword", column: "password_hash" },
  honeypot: HONEYPOT,
  fields: [
    { name: "newPassword", kind: "password", required: "Please choose a new password.", max: { length: 1024, message: "Use at most 1,024 characters." } },
    { name: "confirmPassword", kind: "password", required: "Please type the new password again." },
  ],
  async valid() {
    const valid = { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    invitationPaths.set(valid, await invitationLink());
    return valid;
  },
  pathFor: (valid) => invitationPaths.get(valid) ?? "/invite/not-a-link",
  extraCases: (): HostileCase[] => [
    { name: "passwords that do not match", build: (v) => ({ entries: entriesOf(v, { confirmPassword: "a-different-password" }) }), expect: refused(400, "The two new passwords do not match.") },
    { name: "a password of 11 characters", build: (v) => ({ entries: entriesOf(v, { newPassword: "elevenchars", confirmPassword: "elevenchars" }) }), expect: refused(400, "Use at least 12 characters.") },
    { name: "a password of exactly 12 characters", build: (v) => ({ entries: entriesOf(v, { newPassword: "twelve-chars", confirmPassword: "twelve-chars" }) }), expect: accepted() },
    {
      name: "a link already used",
      build: async (v) => {
        const first = await postForm(invitationForm.pathFor!(v), v, { "CF-Connecting-IP": "10.98.0.2" });
        if (first.status !== 302) throw new Error(`setup use of the link answered ${first.status}`);
        return { entries: entriesOf(v) };
      },
      expect: refused(410, LINK_GONE),
    },
    { name: "a link expiring in a minute still works", build: async (v) => ({ entries: entriesOf(v), path: await invitationLink({ expiresInMs: 60_000 }) }), expect: accepted() },
    { name: "the link with a query string added", build: (v) => ({ entries: entriesOf(v), path: `${invitationForm.pathFor!(v)}?ref=mail` }), expect: accepted() },
    { name: "a random token of the right shape", build: (v) => ({ entries: entriesOf(v), path: `/invite/${"Q".repeat(43)}` }), expect: refused(410, LINK_GONE) },
    { name: "a token one character too long", build: (v) => ({ entries: entriesOf(v), path: `${invitationForm.pathFor!(v)}A` }), expect: refused(410, LINK_GONE) },
    { name: "the token with an encoded slash after it", build: (v) => ({ entries: entriesOf(v), path: `${invitationForm.pathFor!(v)}%2F` }), expect: refused(410, LINK_GONE) },
    { name: "a 2,000-character token", build: (v) => ({ entries: entriesOf(v), path: `/invite/${"x".repeat(2000)}` }), expect: refused(410, LINK_GONE) },
    {
      name: "the token in another letter case",
      build: (v) => {
        const path = invitationForm.pathFor!(v);
        const token = path.slice("/invite/".length);
        const swapped = [...token].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join("");
        return { entries: entriesOf(v), path: `/invite/${swapped === token ? `${token.slice(0, -1)}_` : swapped}` };
      },
      expect: refused(410, LINK_GONE),
    },
    { name: "password: emoji", build: (v) => ({ entries: entriesOf(v, { newPassword: "💍 ring ring ring 💍", confirmPassword: "💍 ring ring ring 💍" }) }), expect: accepted() },
    { name: "password: right-to-left text", build: (v) => ({ entries: entriesOf(v, { newPassword: "كلمة السر الطويلة", confirmPassword: "كلمة السر الطويلة" }) }), expect: accepted() },
    { name: "password: SQL metacharacters", build: (v) => ({ entries: entriesOf(v, { newPassword: "'); DROP TABLE users;--", confirmPassword: "'); DROP TABLE users;--" }) }), expect: accepted() },
    { name: "password: line breaks and tabs", build: (v) => ({ entries: entriesOf(v, { newPassword: "line one\r\n\tline two", confirmPassword: "line one\r\n\tline two" }) }), expect: accepted() },
    { name: "password: exactly 1,024 characters", build: (v) => ({ entries: entriesOf(v, { newPassword: "p".repeat(1024), confirmPassword: "p".repeat(1024) }) }), expect: accepted() },
    { name: "password: surrounding spaces are part of it", build: (v) => ({ entries: entriesOf(v, { newPassword: "  spaced password  ", confirmPassword: "  spaced password  " }) }), expect: accepted() },
    { name: "an expired link", build: async (v) => ({ entries: entriesOf(v), path: await invitationLink({ expiresInMs: -1000 }) }), expect: refused(410, LINK_GONE) },
    {
      name: "a tampered link (one character changed)",
      build: async (v) => {
        const path = await invitationLink();
        return { entries: entriesOf(v), path: path.slice(0, -1) + (path.endsWith("A") ? "B" : "A") };
      },
      expect: refused(410, LINK_GONE),
    },
    { name: "a link that is not a token", build: (v) => ({ entries: entriesOf(v), path: "/invite/%27%20OR%201%3D1--" }), expect: refused(410, LINK_GONE) },
    { name: "a link with a script in it", build: (v) => ({ entries: entriesOf(v), path: "/invite/%3Cscript%3Ealert(1)%3C%2Fscript%3E" }), expect: refused(410, LINK_GONE) },
    {
      name: "an invitation for someone who already has an account",
      build: async (v) => {
        const existing = await createStaff();
        return { entries: entriesOf(v), path: await invitationLink({ email: existing.email }) };
      },
      expect: refused(410, "That person already has an account."),
    },
    { name: "unknown fields (role=owner) are ignored", build: (v) => ({ entries: [...entriesOf(v), ["role", "owner"], ["email", "intruder@example.com"]] }), expect: accepted() },
  ],
};

export const FORMS_UNDER_TEST = [contactForm, orderForm, bookingForm, loginForm, invitationForm];

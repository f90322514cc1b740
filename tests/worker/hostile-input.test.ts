// The hostile-input corpus (tests/worker/hostile/) against every public form
// and the login. Each rejected request must get its 4xx and its message and
// store nothing; each accepted one must store exactly one record. The counts
// are printed (and collected by npm run bench into docs/BENCHMARKS.md).
import { env, SELF } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { hostileCases, type FormUnderTest, type HostileRequest } from "./hostile/corpus";
import { FORMS_UNDER_TEST } from "./hostile/targets";
import { ORIGIN } from "./helpers";
import { appointmentNamed, book, TWILIO, twilioSignatureFor } from "./message-helpers";
import { manageToken } from "../../app/leads/manage-token.server";
import { addDays } from "../../app/core/slots";
import { storeDate } from "../../app/core/store-time";
import { SMS_WEBHOOK_PATH } from "../../app/messaging/twilio.server";

const LEAD_TABLES = { contact: "contact_messages", order: "orders", booking: "appointments" } as const;

let visitors = 0;
/** Every case is a different visitor, so the per-visitor limits (forms, sign-in) never decide a case. */
const nextIp = () => {
  const n = ++visitors;
  return `10.77.${(n >> 8) & 255}.${n & 255}`;
};

function send(form: FormUnderTest, request: HostileRequest, ip: string, valid: Record<string, string>): Promise<Response> {
  const origin = request.host ?? ORIGIN;
  const headers = new Headers({ Origin: origin, "CF-Connecting-IP": ip });
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === "") headers.delete(name);
    else headers.set(name, value);
  }
  let body: BodyInit;
  if (request.rawBody !== undefined) {
    body = typeof request.rawBody === "function" ? request.rawBody() : request.rawBody;
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (request.multipart) {
    const formData = new FormData();
    for (const [name, value] of request.entries ?? []) formData.append(name, value);
    body = formData; // fetch writes the multipart Content-Type with its boundary
  } else {
    body = new URLSearchParams((request.entries ?? []) as [string, string][]);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  if (request.contentType === null) headers.delete("Content-Type");
  else if (request.contentType !== undefined) headers.set("Content-Type", request.contentType);
  const formPath = request.path ?? form.pathFor?.(valid) ?? form.path;
  const path = request.dataRequest ? `${formPath}.data` : formPath;
  return SELF.fetch(`${origin}${path}`, { method: "POST", redirect: "manual", headers, body });
}

/** A new lead's staff notification is stored under the lead's own kind; the rest of the outbox is the visitor's. */
const STAFF_EMAIL_ROWS = "WHERE kind IN ('contact', 'order', 'appointment')";

/** What a rejected request must not have changed, and where an accepted one lands. */
async function storedCounts(form: FormUnderTest) {
  const none = { records: 0, outbox: 0, staffEmails: 0, consent: 0, photos: 0, objects: 0 };
  if (form.id === "login") return none;
  const count = async (table: string, where = "") =>
    (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} ${where}`).first<{ n: number }>())!.n;
  if (form.id === "invitation") return { ...none, records: await count("users") };
  return {
    records: await count(LEAD_TABLES[form.id]),
    outbox: await count("outbox"),
    staffEmails: await count("outbox", STAFF_EMAIL_ROWS),
    consent: await count("consent_records"),
    // The order form's photos: rows and objects in R2.
    photos: await count("order_photos"),
    objects: (await env.BUCKET.list()).objects.length,
  };
}

/** The visitor's confirmations an accepted post queues: "We received your request" for a message or an order (they always give an e-mail); none for a booking without e-mail or texts. */
const VISITOR_MESSAGES = { contact: 1, order: 1, booking: 0 } as const;

function decodeEntities(html: string) {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function sessionCookieOf(response: Response) {
  return response.headers.getSetCookie().find((cookie) => /^staff_session=[^;]+/.test(cookie));
}

for (const form of FORMS_UNDER_TEST) {
  const cases = hostileCases(form);
  const tally = { accepted: 0, rejected: 0 };

  describe(`hostile input: ${form.id} (${form.path})`, () => {
    afterAll(() => {
      console.log(
        `hostile input | ${form.id} | ${cases.length} cases | ${tally.accepted} accepted | ${tally.rejected} rejected`,
      );
    });

    it("has at least 50 cases", () => {
      expect(cases.length).toBeGreaterThanOrEqual(50);
    });

    for (const testCase of cases) {
      it(testCase.name, async () => {
        const valid = await form.valid();
        const request = await testCase.build(valid);
        const before = await storedCounts(form);
        const ip = nextIp();
        let response = await send(form, request, ip, valid);
        const body = await response.text();
        if (request.twice) {
          response = await send(form, request, ip, valid);
          await response.text();
        }
        const after = await storedCounts(form);

        // Never a server error, and never a reflected script.
        expect(response.status, body.slice(0, 500)).toBeLessThan(500);
        const sentScript = JSON.stringify(request.entries ?? "").includes("<script>");
        if (sentScript) expect(body).not.toContain("<script>alert");

        if ("rejected" in testCase.expect) {
          tally.rejected++;
          expect(response.status, decodeEntities(body).slice(0, 300)).toBe(testCase.expect.rejected);
          expect(decodeEntities(body)).toContain(testCase.expect.message);
          const held = testCase.expect.holds ?? 0;
          expect(after, "nothing stored for a rejected request, but photos held for the next send").toEqual({ ...before, objects: before.objects + held });
          if (held > 0) expect(decodeEntities(body).replaceAll("<!-- -->", "")).toContain(held === 1 ? "We kept this photo from your last try" : `We kept these ${held} photos`);
          if (form.id === "login") expect(sessionCookieOf(response)).toBeUndefined();
          return;
        }

        tally.accepted++;
        expect(response.status, decodeEntities(body).slice(0, 300)).toBeLessThan(400);
        if (form.id === "login") {
          // A document post redirects; the JavaScript data endpoint answers 202 with the redirect inside.
          expect(response.status).toBe(request.dataRequest ? 202 : 302);
          expect(sessionCookieOf(response)).toBeDefined();
          testCase.expect.check?.({ location: response.headers.get("Location") }, {});
          return;
        }
        if (form.id === "invitation") {
          expect(after.records - before.records, "exactly one account made").toBe(1);
          return;
        }
        expect(after.records - before.records, "exactly one record stored").toBe(1);
        expect(after.staffEmails - before.staffEmails, "exactly one staff e-mail queued").toBe(1);
        expect(after.outbox - after.staffEmails - (before.outbox - before.staffEmails), "the visitor's confirmations, once").toBe(
          VISITOR_MESSAGES[form.id],
        );
        const row = await env.DB.prepare(`SELECT * FROM ${LEAD_TABLES[form.id]} ORDER BY id DESC LIMIT 1`).first();
        const email = await env.DB.prepare(`SELECT * FROM outbox ${STAFF_EMAIL_ROWS} ORDER BY id DESC LIMIT 1`).first();
        testCase.expect.check?.(row!, email!);
      });
    }
  });
}

// The two endpoints that are not lead forms: Twilio's webhook (signed, no Origin)
// and the manage page (a signed link, posts from its buttons). Each hostile
// request gets its 4xx and changes nothing: no text stored, no opt-out, nothing
// queued, the booking as it was.
describe("hostile input: the SMS webhook and the manage page", () => {
  const webhook = `${ORIGIN}${SMS_WEBHOOK_PATH}`;
  const signedFields = (fields: Record<string, string>) =>
    ({ MessageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`, AccountSid: TWILIO.accountSid, To: TWILIO.from, From: "+19015559801", Body: "STOP", ...fields });
  async function signed(fields: Record<string, string>, url = webhook) {
    return { "X-Twilio-Signature": await twilioSignatureFor(url, fields) };
  }
  const form = (body: BodyInit, headers: Record<string, string> = {}, url = webhook) =>
    SELF.fetch(url, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body });

  async function state() {
    const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
    return {
      inbound: await count("sms_inbound"),
      optOuts: await count("sms_opt_outs"),
      outbox: await count("outbox"),
      events: await count("lead_events"),
      appointments: (await env.DB.prepare("SELECT id, date, time, status, slot_seat FROM appointments ORDER BY id").all()).results,
    };
  }

  const webhookCases: [string, () => Promise<Response>, number][] = [
    ["a forged signature", () => form(new URLSearchParams(signedFields({})), { "X-Twilio-Signature": btoa("forged-signature-20b") }), 403],
    ["no signature at all", () => form(new URLSearchParams(signedFields({}))), 403],
    [
      "a genuine signature over other parameters (Body changed)",
      async () => {
        const fields = signedFields({ Body: "hello" });
        return form(new URLSearchParams({ ...fields, Body: "STOP" }), await signed(fields));
      },
      403,
    ],
    [
      "a genuine signature with a parameter added",
      async () => {
        const fields = signedFields({});
        return form(new URLSearchParams({ ...fields, From: fields.From, Extra: "1" }), await signed(fields));
      },
      403,
    ],
    ...(["From", "Body", "MessageSid"] as const).map((missing): [string, () => Promise<Response>, number] => [
      `signed, but no ${missing}`,
      async () => {
        const fields: Record<string, string> = signedFields({});
        delete fields[missing];
        return form(new URLSearchParams(fields), await signed(fields));
      },
      400,
    ]),
    ["a huge body (over 64 KB)", async () => form(new URLSearchParams(signedFields({ Body: "x".repeat(70_000) }))), 413],
    [
      "JSON instead of a form",
      async () => SELF.fetch(webhook, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(signedFields({})) }),
      415,
    ],
    ["a body that does not parse as multipart", () => form("--x\r\nbroken", { "Content-Type": "multipart/form-data; boundary=x" }), 400],
  ];

  for (const [name, build, status] of webhookCases) {
    it(`webhook: ${name} gets ${status} and stores nothing`, async () => {
      const before = await state();
      const response = await build();
      expect(response.status, await response.text()).toBe(status);
      expect(await state()).toEqual(before);
    });
  }

  let visitor = 0;
  async function booking() {
    const name = `Hostile Manage ${++visitor}`;
    // Far out in the booking window: the corpus above fills slots from today on.
    let date = addDays(storeDate(), 100 + 2 * visitor);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) date = addDays(date, 1);
    const response = await book({ name, phone: `901-559-${String(7000 + visitor)}`, service: "Repair", date, time: "3:00 PM", smsConsent: "on" });
    expect(response.status).toBe(302);
    const appointment = await appointmentNamed(name);
    return { path: `/appointment/${await manageToken(env, appointment.reference)}`, current: `${date} 3:00 PM`, date };
  }
  function post(path: string, fields: Record<string, string>, extra: Record<string, string> = {}) {
    const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "CF-Connecting-IP": nextIp() });
    for (const [name, value] of Object.entries(extra)) {
      if (value === "") headers.delete(name);
      else headers.set(name, value);
    }
    return SELF.fetch(`${ORIGIN}${path}`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) });
  }
  type Visit = Awaited<ReturnType<typeof booking>>;
  const moveTo = (visit: Visit) => ({ intent: "reschedule", current: visit.current, date: addDays(visit.date, 7), time: "11:00 AM" });

  /** [name, what happened before (a genuine change a replay repeats), the hostile post, its status]. */
  const manageCases: [string, ((visit: Visit) => Promise<Response>) | null, (visit: Visit) => Promise<Response>, number][] = [
    ["a tampered token", null, ({ path, current }) => post(path.slice(0, -2) + (path.endsWith("AA") ? "BB" : "AA"), { intent: "cancel", current }), 404],
    ["a made-up token", null, ({ current }) => post(`/appointment/${crypto.randomUUID()}.${"A".repeat(43)}`, { intent: "cancel", current }), 404],
    ["a token without its signature", null, ({ path, current }) => post(path.split(".")[0]!, { intent: "cancel", current }), 404],
    ["a replayed cancel", ({ path, current }) => post(path, { intent: "cancel", current }), ({ path, current }) => post(path, { intent: "cancel", current }), 409],
    ["a replayed reschedule", (visit) => post(visit.path, moveTo(visit)), (visit) => post(visit.path, moveTo(visit)), 409],
    ["a stale slot (not the one the booking holds)", null, ({ path, date }) => post(path, { intent: "cancel", current: `${date} 4:00 PM` }), 409],
    ["no intent", null, ({ path, current }) => post(path, { current }), 400],
    ["an unknown intent", null, ({ path, current }) => post(path, { intent: "delete", current }), 400],
    ["a reschedule to a date that is not a date", null, ({ path, current }) => post(path, { intent: "reschedule", current, date: "2026-02-30'--", time: "11:00 AM" }), 400],
    ["a reschedule to a time off the schedule", null, ({ path, current, date }) => post(path, { intent: "reschedule", current, date, time: "3:30 AM" }), 400],
    ["the honeypot filled", null, ({ path, current }) => post(path, { intent: "cancel", current, website: "http://spam.example" }), 400],
    ["a post from another site", null, ({ path, current }) => post(path, { intent: "cancel", current }, { Origin: "https://evil.example" }), 403],
    ["a post with no Origin", null, ({ path, current }) => post(path, { intent: "cancel", current }, { Origin: "" }), 403],
    ["a huge body", null, ({ path, current }) => post(path, { intent: "cancel", current, pad: "x".repeat(70_000) }), 413],
  ];

  for (const [name, genuine, hostile, status] of manageCases) {
    it(`manage page: ${name} gets ${status} and changes nothing`, async () => {
      const visit = await booking();
      if (genuine) expect((await genuine(visit)).status, "the genuine change").toBe(302);
      const before = await state();
      const response = await hostile(visit);
      expect(response.status, await response.text()).toBe(status);
      expect(await state()).toEqual(before);
    });
  }
});

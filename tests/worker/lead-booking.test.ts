import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bookingCaps } from "../../app/config/booking";
import { store } from "../../app/config/store";
import { purgeExpiredRecords } from "../../app/jobs/retention.server";
import { bookerOf } from "../../app/leads/booking-caps.server";
import { addDays, daySchedule } from "../../app/core/slots";
import { storeDate } from "../../app/core/store-time";
import { count, get, postForm } from "./helpers";
import { flashToast, freeWeekday, issueToken, postLead, rows, textOf, uniqueIp } from "./lead-helpers";

const SLOT_TAKEN = "Sorry, that time was just taken. Please choose another time.";
const DATE_STEP = JSON.stringify({ type: "validate", payload: { name: "date" } });

let phones = 0;
/** A phone number no other booking here uses: one number holds at most 2 upcoming appointments. */
function freshPhone(): string {
  phones += 1;
  return `901-555-${String(2000 + phones).padStart(4, "0")}`;
}

function booking(overrides: Record<string, string> = {}) {
  return { name: "Ada Lovelace", phone: freshPhone(), service: "Repair", date: freeWeekday(), time: "2:00 PM", ...overrides };
}

/** The times offered in a form answer, in order. */
async function offeredTimes(response: Response): Promise<string[]> {
  const html = await response.text();
  return [...html.matchAll(/<input[^>]*name="time"[^>]*value="([^"]+)"/g)].map((match) => match[1]!);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("booking: validation (400, message next to the field, nothing stored)", () => {
  const cases: [string, () => Record<string, string>, string][] = [
    ["a missing name", () => booking({ name: "" }), "Please enter your name."],
    ["a name over 100 characters", () => booking({ name: "a".repeat(101) }), "Name must be 100 characters or fewer."],
    ["a missing phone", () => booking({ phone: "" }), "Please enter your phone number."],
    ["a phone with letters", () => booking({ phone: "call me maybe" }), "Enter a 10-digit phone number with its area code"],
    ["a missing date", () => booking({ date: "" }), "Please choose a date."],
    ["a date that does not exist", () => booking({ date: "2027-02-30" }), "Please choose a valid date."],
    ["a date before today", () => booking({ date: addDays(storeDate(), -1) }), "Please choose today or a later date."],
    ["a date too far ahead", () => booking({ date: addDays(storeDate(), 181) }), "Please choose a date within the next 180 days"],
    ["a missing time", () => booking({ time: "" }), "Please choose a time."],
    ["a time before opening", () => booking({ time: "10:00 AM" }), "Please choose one of the listed times."],
    ["a time between slots", () => booking({ time: "11:30 AM" }), "Please choose one of the listed times."],
    ["6:00 PM on a weekday", () => booking({ time: "6:00 PM" }), "Please choose one of the listed times."],
    ["a missing service", () => booking({ service: "" }), "Please choose a service."],
    ["a service the store does not offer", () => booking({ service: "Ear Piercing" }), "Please choose a service."],
  ];

  for (const [label, fields, message] of cases) {
    it(`refuses ${label}`, async () => {
      const before = await count("appointments");
      const response = await postLead("/book", "appointment", fields());
      expect(response.status).toBe(400);
      expect(await textOf(response)).toContain(message);
      expect(await count("appointments")).toBe(before);
    });
  }

  it("accepts 6:00 PM on a Sunday", async () => {
    let sunday = addDays(storeDate(), 2);
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    const response = await postLead("/book", "appointment", booking({ date: sunday, time: "6:00 PM", name: "Sunday Evening" }));
    expect(response.status).toBe(302);
  });
});

describe("booking without JavaScript: the date step", () => {
  it("answers a chosen date with that day's times, keeps what was typed, and shows no other errors", async () => {
    const date = freeWeekday();
    const response = await postLead("/book", "appointment", { name: "Step Visitor", phone: "", date, __intent__: DATE_STEP });
    expect(response.status).toBe(200);
    const html = await response.clone().text();
    expect(html).toContain('value="Step Visitor"');
    expect(await textOf(response.clone())).not.toContain("Please enter your phone number.");
    expect(await offeredTimes(response)).toEqual(daySchedule(date).map((slot) => slot.label));
  });

  it("explains a past date at the step", async () => {
    const response = await postLead("/book", "appointment", { date: addDays(storeDate(), -3), __intent__: DATE_STEP });
    expect(response.status).toBe(200);
    expect(await textOf(response)).toContain("Please choose today or a later date.");
  });

  it("answers a malformed step with 400, not a crash", async () => {
    const response = await postLead("/book", "appointment", { date: freeWeekday(), __intent__: "{not json" });
    expect(response.status).toBe(400);
  });
});

describe("booking: success", () => {
  it("stores the appointment, redirects with the toast and offers the .ics with the store's address in Chicago time", async () => {
    const date = freeWeekday();
    const response = await postLead("/book", "appointment", booking({ date, time: "11:00 AM", service: "Custom Design", name: "Calendar Check" }));
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/book\?booking=[0-9a-f-]{36}$/);
    expect(await flashToast(response)).toEqual(expect.objectContaining({ type: "success", message: "You're booked." }));

    const [stored] = await rows<{ date: string; time: string; service: string; starts_at: number; slot_seat: number; status: string }>(
      "SELECT date, time, service, starts_at, slot_seat, status FROM appointments WHERE name = 'Calendar Check'",
    );
    expect(stored).toMatchObject({ date, time: "11:00 AM", service: "Custom Design", slot_seat: 0, status: "new" });
    expect(stored!.starts_at).toBe(daySchedule(date)[0]!.startsAt);
    const outbox = await rows<{ subject: string; text_body: string }>(
      "SELECT o.subject, o.text_body FROM outbox o JOIN appointments a ON a.id = o.record_id AND o.kind = 'appointment' WHERE a.name = 'Calendar Check'",
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.subject).toBe("New appointment request");
    expect(outbox[0]!.text_body).toContain("Time: 11:00 AM");

    // The browser that booked lands on its booking, with the manage link (the redirect's signed cookie).
    const justBooked = response.headers.getSetCookie().find((cookie) => cookie.startsWith("just_booked="))!.split(";")[0]!;
    const page = await textOf(await get(location, { Cookie: justBooked }));
    expect(page).toContain("You're booked");
    expect(page).toContain("11:00 AM");
    expect(page).toContain("Add to calendar");
    const manageLink = /href="\/appointment\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}"/;
    expect(await (await get(location, { Cookie: justBooked })).text()).toMatch(manageLink);
    // The reference alone (it is in the calendar link) shows neither the booking nor its manage link (decision 067).
    const byReference = await (await get(location)).text();
    expect(byReference).not.toMatch(manageLink);
    expect(byReference).not.toContain("/appointment/");
    expect(byReference).not.toContain("You're booked");
    const forged = await (await get(location, { Cookie: justBooked.replace(/.{4}$/, "AAAA") })).text();
    expect(forged).not.toContain("/appointment/");

    const reference = location.split("=")[1]!;
    const ics = await get(`/book/calendar.ics?booking=${reference}`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    const body = await ics.text();
    const unfolded = body.replace(/\r\n /g, "");
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(unfolded).toContain(`DTSTART;TZID=America/Chicago:${date.replaceAll("-", "")}T110000`);
    expect(unfolded).toContain(`DTEND;TZID=America/Chicago:${date.replaceAll("-", "")}T120000`);
    expect(unfolded).toContain("TZID:America/Chicago");
    expect(unfolded).toContain("LOCATION:Bartlett Fine Jewelry\\, 6000 Stage Rd\\, Suite 104\\, Bartlett\\, TN 38134");
    expect(unfolded).toContain("SUMMARY:Custom Design at Bartlett Fine Jewelry");
    expect(unfolded).not.toContain("Calendar Check");
  });

  it("answers a booking made with JavaScript (respond=inline) with data and the toast, without redirecting", async () => {
    const response = await postLead("/book", "appointment", booking({ respond: "inline", name: "Inline Visitor" }));
    expect(response.status).toBe(200);
    expect(await textOf(response)).toContain("You're booked.");
    expect(await rows("SELECT id FROM appointments WHERE name = 'Inline Visitor'")).toHaveLength(1);
  });

  it("has no calendar file for an unknown booking", async () => {
    expect((await get("/book/calendar.ics?booking=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await get("/book/calendar.ics?booking=../../etc")).status).toBe(404);
  });
});

describe("booking: one slot, many visitors", () => {
  it("stores exactly one of 20 simultaneous posts for a slot; the other 19 hear it was taken and get the times left", async () => {
    const date = freeWeekday();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => issueToken("appointment")));
    const responses = await Promise.all(
      tokens.map((submissionToken, i) =>
        postLead("/book", "appointment", booking({ date, time: "3:00 PM", name: `Racer ${i}`, submissionToken }), uniqueIp()),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);

    for (const response of responses.filter((candidate) => candidate.status === 409)) {
      const copy = response.clone();
      expect(await textOf(copy)).toContain(SLOT_TAKEN);
      const times = await offeredTimes(response);
      expect(times).not.toContain("3:00 PM");
      expect(times).toEqual(daySchedule(date).map((slot) => slot.label).filter((label) => label !== "3:00 PM"));
    }
    expect(await rows("SELECT id FROM appointments WHERE date = ? AND time = '3:00 PM'", date)).toHaveLength(1);
  });

  it("no longer offers a booked slot at the date step", async () => {
    const date = freeWeekday();
    expect((await postLead("/book", "appointment", booking({ date, time: "12:00 PM" }))).status).toBe(302);
    const step = await postLead("/book", "appointment", { date, __intent__: DATE_STEP });
    expect(await offeredTimes(step)).not.toContain("12:00 PM");
  });

  it("stores one appointment when the same form is sent again, and answers both with the same success", async () => {
    const fields = booking({ name: "Same Token", submissionToken: await issueToken("appointment") });
    const ip = uniqueIp();
    const [first, second] = await Promise.all([postLead("/book", "appointment", fields, ip), postLead("/book", "appointment", fields, ip)]);
    const third = await postLead("/book", "appointment", fields, ip);
    for (const response of [first, second, third]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(first.headers.get("Location"));
    }
    expect(await rows("SELECT id FROM appointments WHERE name = 'Same Token'")).toHaveLength(1);
  });
});

describe("booking: today's times", () => {
  it("refuses a slot that has already started today and offers only the later ones", async () => {
    // 2:30 PM in Bartlett on a Tuesday far enough ahead that no other test books it.
    const day = addDays(storeDate(), 60);
    let tuesday = day;
    while (new Date(`${tuesday}T12:00:00Z`).getUTCDay() !== 2) tuesday = addDays(tuesday, 1);
    const twoThirty = daySchedule(tuesday).find((slot) => slot.label === "2:00 PM")!.startsAt + 30 * 60 * 1000;
    vi.useFakeTimers({ toFake: ["Date"], now: twoThirty });

    const refused = await postLead("/book", "appointment", booking({ date: tuesday, time: "11:00 AM" }));
    expect(refused.status).toBe(400);
    expect(await textOf(refused)).toContain("That time has already passed. Please choose a later time.");

    const step = await postLead("/book", "appointment", { date: tuesday, __intent__: DATE_STEP });
    expect(await offeredTimes(step)).toEqual(["3:00 PM", "4:00 PM", "5:00 PM"]);

    const accepted = await postLead("/book", "appointment", booking({ date: tuesday, time: "4:00 PM" }));
    expect(accepted.status).toBe(302);
  });
});

describe("booking: the store cannot save", () => {
  it("answers 503 with the failure toast and keeps what was typed", async () => {
    await env.DB.exec(
      "CREATE TRIGGER IF NOT EXISTS test_booking_fail BEFORE INSERT ON appointments WHEN NEW.name = 'Broken Booking' BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    try {
      const date = freeWeekday();
      const response = await postLead("/book", "appointment", booking({ date, name: "Broken Booking", time: "1:00 PM" }));
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Something went wrong. Try again!");
      expect(html).toContain('value="Broken Booking"');
      expect(html).toContain(`value="${date}"`);
    } finally {
      await env.DB.exec("DROP TRIGGER test_booking_fail");
    }
  });
});

describe("booking caps (app/config/booking.ts): one script cannot book out the calendar", () => {
  const CALL_US = `please call us at ${store.phone.display}`;
  const countFor = async (phoneDigits: string) =>
    (await rows("SELECT id FROM appointments WHERE phone_key = ?", phoneDigits)).length;

  it(`a phone number holds at most ${bookingCaps.upcomingPerPhone} upcoming appointments, however it is typed`, async () => {
    for (const phone of ["(901) 555-2468", "901.555.2468"]) {
      expect((await postLead("/book", "appointment", booking({ phone, name: "Phone Cap" }))).status).toBe(302);
    }
    const outboxBefore = await count("outbox");
    const third = await postLead("/book", "appointment", booking({ phone: "+1 901 555 2468", name: "Phone Cap" }));
    expect(third.status).toBe(409);
    const text = await textOf(third);
    expect(text).toContain(`This phone number already has ${bookingCaps.upcomingPerPhone} upcoming appointments with us.`);
    expect(text).toContain(CALL_US);
    expect(await countFor("+19015552468")).toBe(2);
    expect(await count("outbox")).toBe(outboxBefore);

    // Once one of them has passed, the number may book again.
    await env.DB.prepare("UPDATE appointments SET starts_at = ? WHERE id = (SELECT min(id) FROM appointments WHERE phone_key = '+19015552468')")
      .bind(Date.now() - 60_000)
      .run();
    expect((await postLead("/book", "appointment", booking({ phone: "901-555-2468", name: "Phone Cap" }))).status).toBe(302);
  });

  it("10 parallel posts with one phone number, each for its own slot and from its own address, store exactly 2", async () => {
    const date = freeWeekday();
    const times = daySchedule(date).map((slot) => slot.label);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postLead("/book", "appointment", booking({ phone: "901-555-3690", date, time: times[i % times.length]!, name: `Flood ${i}` })),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(2);
    expect(statuses.filter((status) => status !== 302).every((status) => status === 409 || status === 429)).toBe(true);
    expect(await countFor("+19015553690")).toBe(2);
  });

  it(`one browser books at most ${bookingCaps.perVisitorPerDay} a day, then is asked to call, with Retry-After`, async () => {
    const first = await postLead("/book", "appointment", booking({ name: "Visitor Cap" }));
    expect(first.status).toBe(302);
    const cookie = /booking_visitor=[^;]+/.exec(first.headers.get("Set-Cookie") ?? "")?.[0];
    expect(cookie).toBeDefined();
    expect(first.headers.get("Set-Cookie")).toMatch(/booking_visitor=[^;]+;.*HttpOnly/i);

    const withCookie = (fields: Record<string, string>, path = "/book") =>
      postForm(path, fields, { "CF-Connecting-IP": uniqueIp(), Cookie: cookie! });
    for (let i = 1; i < bookingCaps.perVisitorPerDay; i++) {
      // The JavaScript path (React Router's data endpoint, an inline answer) renews the browser's cookie too.
      const fields = { ...booking({ name: "Visitor Cap" }), submissionToken: await issueToken("appointment"), respond: "inline" };
      const response = await withCookie(fields, "/book.data");
      expect(response.status).toBe(200);
      expect(response.headers.get("Set-Cookie")).toMatch(/booking_visitor=[^;]+/);
    }
    expect(await rows("SELECT id FROM appointments WHERE name = 'Visitor Cap'")).toHaveLength(bookingCaps.perVisitorPerDay);

    const refused = await withCookie({ ...booking({ name: "Visitor Cap" }), submissionToken: await issueToken("appointment") });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    const text = await textOf(refused);
    expect(text).toContain("this one has reached today's:");
    expect(text).toContain(CALL_US);
    expect(await rows("SELECT id FROM appointments WHERE name = 'Visitor Cap'")).toHaveLength(bookingCaps.perVisitorPerDay);
  });

  it(`one address books at most ${bookingCaps.perAddressPerDay} a day; a day later the cron forgets who booked`, async () => {
    const ip = "198.18.40.2";
    const { addressKey } = await bookerOf(env, { phone: "", ip, visitorId: crypto.randomUUID() });
    const date = freeWeekday();
    const times = daySchedule(date).map((slot) => slot.label);
    // Earlier today, this address booked its share (the form limit allows 5 posts a minute, so they are seeded).
    for (let i = 0; i < bookingCaps.perAddressPerDay; i++) {
      await env.DB.prepare(
        "INSERT INTO appointments (name, phone, phone_key, date, time, service, created_at, starts_at, address_key) VALUES ('Address Cap', ?, ?, ?, ?, 'Repair', ?, ?, ?)",
      )
        .bind(`901-555-40${i}0`, `901555040${i}`, date, times[i]!, Date.now() - 3_600_000, daySchedule(date)[i]!.startsAt, addressKey)
        .run();
    }
    const refused = await postLead("/book", "appointment", booking({ name: "Address Cap Late" }), ip);
    expect(refused.status).toBe(429);
    const text = await textOf(refused);
    expect(text).toContain("this one has reached today's:");
    expect(text).toContain(CALL_US);
    expect(await rows("SELECT id FROM appointments WHERE name = 'Address Cap Late'")).toHaveLength(0);

    // Another address is not affected.
    expect((await postLead("/book", "appointment", booking({ name: "Address Cap Other" }))).status).toBe(302);

    await purgeExpiredRecords(env, Date.now() + 24 * 3_600_000);
    const kept = await rows("SELECT id FROM appointments WHERE name LIKE 'Address Cap%' AND (address_key IS NOT NULL OR visitor_key IS NOT NULL)");
    expect(kept).toHaveLength(0);
    expect(await rows("SELECT id FROM appointments WHERE name LIKE 'Address Cap%'")).toHaveLength(bookingCaps.perAddressPerDay + 1);
  });
});

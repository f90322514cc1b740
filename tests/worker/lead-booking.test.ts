import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays, daySchedule } from "../../app/leads/slots";
import { storeDate } from "../../app/leads/store-time";
import { count, get } from "./helpers";
import { flashToast, freeWeekday, issueToken, postLead, rows, textOf, uniqueIp } from "./lead-helpers";

const SLOT_TAKEN = "Sorry, that time was just taken. Please choose another time.";
const DATE_STEP = JSON.stringify({ type: "validate", payload: { name: "date" } });

function booking(overrides: Record<string, string> = {}) {
  return { name: "Ada Lovelace", phone: "901-555-0100", service: "Repair", date: freeWeekday(), time: "2:00 PM", ...overrides };
}

/** The times offered in a form answer, in order. */
async function offeredTimes(response: Response): Promise<string[]> {
  const html = await response.text();
  const select = /<select[^>]*name="time"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]!);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("booking: validation (400, message next to the field, nothing stored)", () => {
  const cases: [string, () => Record<string, string>, string][] = [
    ["a missing name", () => booking({ name: "" }), "Please enter your name."],
    ["a name over 100 characters", () => booking({ name: "a".repeat(101) }), "Name must be 100 characters or fewer."],
    ["a missing phone", () => booking({ phone: "" }), "Please enter your phone number."],
    ["a phone with letters", () => booking({ phone: "call me maybe" }), "Enter a phone number of 7 to 30 digits"],
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
    expect(flashToast(response)).toEqual(expect.objectContaining({ type: "success", message: "Appointment booked successfully!" }));

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

    const page = await textOf(await get(location));
    expect(page).toContain("You're booked");
    expect(page).toContain("11:00 AM");
    expect(page).toContain("Add to calendar");

    const reference = location.split("=")[1]!;
    const ics = await get(`/book/calendar.ics?booking=${reference}`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
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
    expect(await textOf(response)).toContain("Appointment booked successfully!");
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

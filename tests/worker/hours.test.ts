import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, daySchedule } from "../../app/core/slots";
import { storeDate } from "../../app/core/store-time";
import { hoursExceptions } from "../../app/hours/exceptions.server";
import { HOURS_MESSAGES } from "../../app/dashboard/hours-rules";
import { PHONE_BOOKING_CONSENT } from "../../app/leads/consent";
import { manageToken } from "../../app/leads/manage-token.server";
import { CLOSED_DAY_MESSAGE, TIME_MESSAGES } from "../../app/leads/rules/appointment";
import { bookingCaps } from "../../app/config/booking";
import { createOwner, createStaff, get, postForm, signIn } from "./helpers";
import { getWithCookie, postWithCookie } from "./dashboard-helpers";
import { flashToast, freeWeekday, rows, textOf, uniqueIp } from "./lead-helpers";
import { appointmentNamed, appointmentOutbox, book } from "./message-helpers";

// The owner's exceptions to the weekly hours (decision 139) and the clerk's desk:
// one availability source read by /book, the manage page, staff bookings and the
// server's check of every booking post; the Hours page, owner-only to edit.

let phoneCounter = 0;
const newPhone = () => `901-559-${String(1000 + ++phoneCounter)}`;

const HOURS = "/dashboard/hours";

async function owner() {
  return signIn(await createOwner());
}

function addSpecialDay(cookie: string, fields: Record<string, string>) {
  return postWithCookie(HOURS, { intent: "add-special-day", ...fields }, cookie);
}

function addBlockedTime(cookie: string, fields: Record<string, string>) {
  return postWithCookie(HOURS, { intent: "add-blocked-time", ...fields }, cookie);
}

/** The days /book's scheduler offers, in order. */
async function bookDays(): Promise<string[]> {
  const html = await (await get("/book")).text();
  return [...html.matchAll(/<input type="radio"[^>]* name="date" value="([^"]+)"/g)].map((match) => match[1]!);
}

/** The times /book offers for a day (the scheduler's step without JavaScript). */
async function bookTimes(date: string): Promise<string[]> {
  const html = await (await get(`/book?date=${date}`)).text();
  return [...html.matchAll(/<input type="radio"[^>]* name="time" value="([^"]+)"/g)].map((match) => match[1]!);
}

const count = async (table: string) => (await rows<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n;

describe("the one availability source", () => {
  it("reads closed days, special hours and blocked times from D1, at the right instants on the days the clocks change", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO special_days (date, closed, opens, closes, note, created_at, created_by) VALUES ('2027-03-14', 0, '09:30', '12:30', 'Short Sunday', 0, 't')"),
      env.DB.prepare("INSERT INTO special_days (date, closed, opens, closes, note, created_at, created_by) VALUES ('2027-11-07', 1, NULL, NULL, 'Closed', 0, 't')"),
      env.DB.prepare("INSERT INTO blocked_times (date, starts_at, ends_at, reason, created_at, created_by) VALUES ('2027-03-14', '10:30', '11:00', 'x', 0, 't')"),
    ]);
    const exceptions = await hoursExceptions(env, "2027-03-01", "2027-11-30");
    const spring = daySchedule("2027-03-14", exceptions);
    expect(spring.map((slot) => slot.label)).toEqual(["9:30 AM", "11:30 AM"]);
    // 9:30 AM CDT (UTC-5), the day the clocks sprang forward at 2 AM.
    expect(new Date(spring[0]!.startsAt).toISOString()).toBe("2027-03-14T14:30:00.000Z");
    expect(daySchedule("2027-11-07", exceptions)).toEqual([]);
    // The next Sunday is on the weekly hours again, in CST (UTC-6).
    expect(new Date(daySchedule("2027-11-14", exceptions)[0]!.startsAt).toISOString()).toBe("2027-11-14T17:00:00.000Z");
  });

  it("a closed day leaves /book's scheduler and the manage page; special hours and blocked times change the times offered", async () => {
    const cookie = await owner();
    const closed = freeWeekday();
    const special = freeWeekday();
    const blocked = freeWeekday();
    const { path } = await bookedVisit("Hours Manage Page");
    expect(await bookDays()).toContain(closed);
    expect(await manageDays(path)).toContain(closed);

    expect((await addSpecialDay(cookie, { date: closed, kind: "closed", note: "Closed for inventory" })).status).toBe(302);
    expect((await addSpecialDay(cookie, { date: special, kind: "hours", opens: "10:00", closes: "13:00" })).status).toBe(302);
    expect((await addBlockedTime(cookie, { date: blocked, from: "13:00", to: "15:30", reason: "Goldsmith out" })).status).toBe(302);

    expect(await bookDays()).not.toContain(closed);
    expect(await manageDays(path)).not.toContain(closed);
    expect(await bookTimes(special)).toEqual(["10:00 AM", "11:00 AM", "12:00 PM"]);
    expect(await bookTimes(blocked)).toEqual(["11:00 AM", "12:00 PM", "4:00 PM", "5:00 PM"]);
    // The private reason never reaches a visitor.
    expect(await (await get(`/book?date=${blocked}`)).text()).not.toContain("Goldsmith out");
  });

  it("a crafted post for a closed day or a blocked time is refused by the field, nothing stored, the open days shown again", async () => {
    const cookie = await owner();
    const closed = freeWeekday();
    const blocked = freeWeekday();
    await addSpecialDay(cookie, { date: closed, kind: "closed" });
    await addBlockedTime(cookie, { date: blocked, from: "14:00", to: "15:00" });
    const before = await count("appointments");

    const onClosed = await book({ name: "Crafted Closed", phone: newPhone(), service: "Repair", date: closed, time: "2:00 PM" });
    expect(onClosed.status).toBe(409);
    const closedPage = await textOf(onClosed);
    expect(closedPage).toContain(CLOSED_DAY_MESSAGE);
    // The scheduler's days come back, without the closed one.
    expect(closedPage).toContain("The next 14 days with open times");
    expect(closedPage).not.toMatch(new RegExp(`value="${closed}"`));

    const onBlocked = await book({ name: "Crafted Blocked", phone: newPhone(), service: "Repair", date: blocked, time: "2:00 PM" });
    expect(onBlocked.status).toBe(400);
    expect(await textOf(onBlocked)).toContain(TIME_MESSAGES.notOffered);

    // A time the special hours open, but the weekly hours do not, is accepted on that day only.
    const early = freeWeekday();
    await addSpecialDay(cookie, { date: early, kind: "hours", opens: "09:00", closes: "12:00" });
    expect((await book({ name: "Crafted Early", phone: newPhone(), service: "Repair", date: early, time: "9:00 AM" })).status).toBe(302);
    expect((await book({ name: "Crafted Late", phone: newPhone(), service: "Repair", date: early, time: "3:00 PM" })).status).toBe(400);
    expect(await count("appointments")).toBe(before + 1);

    // The manage page's move is checked the same way.
    const { path, appointment } = await bookedVisit("Crafted Move");
    const moved = await postForm(path, { intent: "reschedule", current: `${appointment.date} ${appointment.time}`, date: closed, time: "2:00 PM" }, { "CF-Connecting-IP": uniqueIp() });
    expect(moved.status).toBe(409);
    expect(await textOf(moved)).toContain(CLOSED_DAY_MESSAGE);
    expect((await appointmentNamed("Crafted Move")).date).toBe(appointment.date);
  });
});

async function bookedVisit(name: string, fields: Record<string, string> = {}) {
  const response = await book({ name, phone: newPhone(), service: "Repair", date: freeWeekday(), time: "2:00 PM", email: "visit@example.com", smsConsent: "on", ...fields });
  expect(response.status, await response.clone().text()).toBe(302);
  const appointment = await appointmentNamed(name);
  return { appointment, path: `/appointment/${await manageToken(env, appointment.reference)}` };
}

async function manageDays(path: string): Promise<string[]> {
  const html = await (await get(`${path}?step=reschedule`)).text();
  return [...html.matchAll(/<input type="radio"[^>]* name="date" value="([^"]+)"/g)].map((match) => match[1]!);
}

describe("the Hours page", () => {
  it("is for staff to read and the owner to edit: signed out is sent to sign in, a staff post is 403 and stores nothing", async () => {
    const date = freeWeekday();
    expect((await getWithCookie(HOURS)).status).toBe(302);
    expect((await postWithCookie(HOURS, { intent: "add-special-day", date, kind: "closed" })).status).toBe(302);
    const staff = await signIn(await createStaff());
    const page = await getWithCookie(HOURS, staff);
    expect(page.status).toBe(200);
    const text = await textOf(page);
    expect(text).toContain("Only the owner changes special days and blocked times.");
    expect(text).not.toContain("Save special day");
    expect((await addSpecialDay(staff, { date, kind: "closed" })).status).toBe(403);
    expect((await addBlockedTime(staff, { date, from: "12:00", to: "13:00" })).status).toBe(403);
    expect(await rows("SELECT * FROM special_days WHERE date = ?", date)).toEqual([]);
    expect(await rows("SELECT * FROM blocked_times WHERE date = ?", date)).toEqual([]);
  });

  it("refuses bad input by the field and stores nothing: a past day, an end before the start, an overlap, outside the day's hours, a second special day", async () => {
    const cookie = await owner();
    const date = freeWeekday();
    expect((await addBlockedTime(cookie, { date, from: "12:00", to: "14:00" })).status).toBe(302);
    const cases: [Promise<Response>, string, number][] = [
      [addSpecialDay(cookie, { date: addDays(storeDate(), -1), kind: "closed" }), HOURS_MESSAGES.past, 400],
      [addBlockedTime(cookie, { date: addDays(storeDate(), -2), from: "12:00", to: "13:00" }), HOURS_MESSAGES.past, 400],
      [addBlockedTime(cookie, { date, from: "16:00", to: "15:00" }), HOURS_MESSAGES.endsBeforeStarts, 400],
      [addBlockedTime(cookie, { date, from: "13:30", to: "15:00" }), "This overlaps the time already blocked that day, 12:00 PM–2:00 PM.", 400],
      [addBlockedTime(cookie, { date, from: "09:00", to: "12:00" }), "The store is open 11:00 AM–6:00 PM that day: block a time within those hours.", 400],
      [addSpecialDay(cookie, { date, kind: "hours", opens: "15:00", closes: "11:00" }), HOURS_MESSAGES.closesBeforeOpens, 400],
      [addSpecialDay(cookie, { date, kind: "hours", opens: "", closes: "14:00" }), HOURS_MESSAGES.opens, 400],
    ];
    for (const [response, message, status] of cases) {
      const answer = await response;
      expect(answer.status, message).toBe(status);
      expect(await textOf(answer), message).toContain(message);
    }
    expect((await addSpecialDay(cookie, { date, kind: "closed" })).status).toBe(302);
    const again = await addSpecialDay(cookie, { date, kind: "hours", opens: "10:00", closes: "12:00" });
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain(HOURS_MESSAGES.duplicateDay);
    const closedDay = await addBlockedTime(cookie, { date, from: "15:00", to: "16:00" });
    expect(await textOf(closedDay)).toContain(HOURS_MESSAGES.closedDay);
    expect(await rows("SELECT closed FROM special_days WHERE date = ?", date)).toEqual([{ closed: 1 }]);
    expect(await rows("SELECT starts_at, ends_at FROM blocked_times WHERE date = ?", date)).toEqual([{ starts_at: "12:00", ends_at: "14:00" }]);
  });

  it("puts every change in the audit trail, and a removed special day gives the day back", async () => {
    const account = await createOwner();
    const cookie = await signIn(account);
    const date = freeWeekday();
    await addSpecialDay(cookie, { date, kind: "closed", note: "Stocktaking" });
    await addBlockedTime(cookie, { date: freeWeekday(), from: "11:00", to: "12:00" });
    expect(await bookDays()).not.toContain(date);
    const [day] = await rows<{ id: number }>("SELECT id FROM special_days WHERE date = ?", date);
    const removed = await postWithCookie(HOURS, { intent: "remove-special-day", id: String(day!.id) }, cookie);
    expect((await flashToast(removed))?.message).toContain("back to its weekly hours");
    expect(await bookDays()).toContain(date);
    const audit = await rows<{ action: string }>("SELECT action FROM audit_log WHERE actor_email = ? ORDER BY id", account.email);
    expect(audit.map((entry) => entry.action).filter((action) => action !== "sign-in")).toEqual(["special-day-added", "blocked-time-added", "special-day-removed"]);
  });

  it("lists visits a closed day or blocked time leaves out, and asks each customer to move once, on the channels they consented to", async () => {
    const cookie = await owner();
    const texted = await bookedVisit("Move Texted", { time: "3:00 PM" });
    const emailed = await bookedVisit("Move Emailed", { time: "4:00 PM", smsConsent: "" });
    await addSpecialDay(cookie, { date: texted.appointment.date, kind: "closed" });
    await addBlockedTime(cookie, { date: emailed.appointment.date, from: "15:30", to: "17:00" });
    const page = await textOf(await getWithCookie(HOURS, cookie));
    expect(page).toContain("Move Texted");
    expect(page).toContain("Closed that day");
    expect(page).toContain("Move Emailed");
    expect(page).toContain("In a blocked time");

    for (const visit of [texted, emailed]) {
      const asked = await postWithCookie(HOURS, { intent: "ask-to-move", id: String(visit.appointment.id) }, cookie);
      expect(asked.status).toBe(302);
      expect((await postWithCookie(HOURS, { intent: "ask-to-move", id: String(visit.appointment.id) }, cookie)).status).toBe(302);
    }
    const textedRows = (await appointmentOutbox("Move Texted")).filter((row) => row.kind === "move-request");
    expect(textedRows.map((row) => row.channel).sort()).toEqual(["email", "sms"]);
    const manageLink = `/appointment/${await manageToken(env, texted.appointment.reference)}`;
    for (const row of textedRows) expect(row.text_body).toContain(manageLink);
    const emailedRows = (await appointmentOutbox("Move Emailed")).filter((row) => row.kind === "move-request");
    expect(emailedRows.map((row) => row.channel)).toEqual(["email"]);
    expect(await textOf(await getWithCookie(HOURS, cookie))).toContain("Asked to move on");
  });
});

describe("bookings taken by phone", () => {
  const newAppointment = (cookie: string, fields: Record<string, string>) =>
    postWithCookie(`/dashboard/appointments/new?date=${fields.date}`, { formId: crypto.randomUUID(), service: "Repair", ...fields }, cookie);

  it("books a caller with the same confirmation and manage link, records the consent read aloud with the clerk, and is not held to the caps", async () => {
    const clerk = await createStaff();
    const cookie = await signIn(clerk);
    const phone = newPhone();
    // The caller already holds as many upcoming online bookings as the public form allows.
    for (let i = 0; i < bookingCaps.upcomingPerPhone; i++) {
      expect((await book({ name: `Caller Online ${i}`, phone, service: "Repair", date: freeWeekday(), time: "11:00 AM" })).status).toBe(302);
    }
    expect((await book({ name: "Caller Online Again", phone, service: "Repair", date: freeWeekday(), time: "11:00 AM" })).status).toBe(409);
    const date = freeWeekday();
    const response = await newAppointment(cookie, { name: "Caller By Phone", phone, date, time: "1:00 PM", email: "caller@example.com", smsConsent: "on" });
    expect(response.status, await response.clone().text()).toBe(302);
    expect((await flashToast(response))?.message).toContain("Booked Caller By Phone");
    const stored = await appointmentNamed("Caller By Phone");
    expect(stored).toMatchObject({ date, time: "1:00 PM", status: "new" });
    const [consent] = await rows<{ recorded_by: string; consent_text: string; consent_version: string; created_at: number }>(
      "SELECT recorded_by, consent_text, consent_version, created_at FROM consent_records WHERE appointment_id = ?",
      stored.id,
    );
    expect(consent).toMatchObject({ recorded_by: clerk.email, consent_text: PHONE_BOOKING_CONSENT.text, consent_version: PHONE_BOOKING_CONSENT.version });
    expect(consent!.created_at).toBeGreaterThan(Date.now() - 60_000);
    const kinds = (await appointmentOutbox("Caller By Phone")).map((row) => `${row.kind}/${row.channel}`);
    expect(kinds).toEqual(expect.arrayContaining(["booking-confirmation/sms", "booking-confirmation/email", "reminder/sms", "reminder/email"]));
    const confirmation = (await appointmentOutbox("Caller By Phone")).find((row) => row.kind === "booking-confirmation" && row.channel === "sms")!;
    expect(confirmation.text_body).toContain(`/appointment/${await manageToken(env, stored.reference)}`);
  });

  it("refuses a closed day and a bad field like /book, and keeps what was typed", async () => {
    const cookie = await signIn(await createStaff());
    const owned = await owner();
    const closed = freeWeekday();
    await addSpecialDay(owned, { date: closed, kind: "closed" });
    const onClosed = await newAppointment(cookie, { name: "Caller Closed", phone: newPhone(), date: closed, time: "1:00 PM" });
    expect(onClosed.status).toBe(409);
    expect(await textOf(onClosed)).toContain(CLOSED_DAY_MESSAGE);
    // A day the scheduler offers, so the page comes back with the form as typed.
    const [offered] = await bookDays();
    const badPhone = await newAppointment(cookie, { name: "Caller Bad Phone", phone: "12", date: offered!, time: "1:00 PM" });
    expect(badPhone.status).toBe(400);
    expect(await badPhone.text()).toContain('value="Caller Bad Phone"');
    expect(await rows("SELECT id FROM appointments WHERE name IN ('Caller Bad Phone', 'Caller Closed')")).toEqual([]);
  });

  it("one seat, whoever posts first: clerks and visitors racing for a slot leave exactly one booking", async () => {
    const cookie = await signIn(await createStaff());
    for (let round = 0; round < 3; round++) {
      const date = freeWeekday();
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => newAppointment(cookie, { name: `Race Clerk ${round}-${i}`, phone: newPhone(), date, time: "5:00 PM" })),
        ...Array.from({ length: 4 }, (_, i) => book({ name: `Race Web ${round}-${i}`, phone: newPhone(), service: "Repair", date, time: "5:00 PM" })),
      ]);
      const holders = await rows("SELECT name FROM appointments WHERE date = ? AND time = '5:00 PM'", date);
      expect(holders).toHaveLength(1);
      expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409, 409, 409, 409, 409, 409, 409]);
    }
  });

  it("staff move and cancel a visit for the customer, who is told with the calendar SEQUENCE raised", async () => {
    const clerk = await createStaff();
    const cookie = await signIn(clerk);
    const { appointment } = await bookedVisit("Desk Move");
    const newDate = freeWeekday();
    const current = `${appointment.date} ${appointment.time}`;
    const moved = await postWithCookie(`/dashboard/appointments/${appointment.id}/move?date=${newDate}`, { intent: "reschedule", current, date: newDate, time: "4:00 PM" }, cookie);
    expect(moved.status, await moved.clone().text()).toBe(302);
    const afterMove = await rows<{ date: string; time: string; sequence: number; updated_by: string }>("SELECT date, time, sequence, updated_by FROM appointments WHERE id = ?", appointment.id);
    expect(afterMove).toEqual([{ date: newDate, time: "4:00 PM", sequence: 1, updated_by: clerk.email }]);
    expect((await appointmentOutbox("Desk Move")).filter((row) => row.kind === "reschedule-confirmation").map((row) => row.channel).sort()).toEqual(["email", "sms"]);
    // The seat moved: the old time is open again on /book.
    expect(await bookTimes(appointment.date)).toContain("2:00 PM");

    const stale = await postWithCookie(`/dashboard/appointments/${appointment.id}/cancel`, { intent: "cancel", current }, cookie);
    expect(stale.status).toBe(409);
    const cancelled = await postWithCookie(`/dashboard/appointments/${appointment.id}/cancel`, { intent: "cancel", current: `${newDate} 4:00 PM` }, cookie);
    expect(cancelled.status).toBe(302);
    expect(await rows("SELECT status, sequence FROM appointments WHERE id = ?", appointment.id)).toEqual([{ status: "cancelled", sequence: 2 }]);
    expect((await appointmentOutbox("Desk Move")).filter((row) => row.kind === "cancellation-confirmation").map((row) => row.channel).sort()).toEqual(["email", "sms"]);
    const audit = await rows<{ action: string }>("SELECT action FROM audit_log WHERE actor_email = ? AND action LIKE 'appointment-%' ORDER BY id", clerk.email);
    expect(audit.map((entry) => entry.action)).toEqual(["appointment-moved", "appointment-cancelled"]);
    // The record's timeline names the clerk who moved and cancelled it, never "the visitor".
    const page = await (await getWithCookie(`/dashboard/appointments/${appointment.id}`, cookie)).text();
    expect(page).toContain(`Moved by ${clerk.email} from`);
    expect(page).toContain(`Cancelled by ${clerk.email} (was`);
    expect(page).not.toContain("by the visitor");
  });
});

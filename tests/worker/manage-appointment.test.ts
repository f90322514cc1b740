import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { store, siteUrl } from "../../app/config/store";
import { manageToken } from "../../app/leads/manage-token.server";
import { MANAGE_MESSAGES, TIME_MESSAGES } from "../../app/leads/rules/appointment";
import { addDays, daySchedule } from "../../app/core/slots";
import { formatCalendarDay, storeDate } from "../../app/core/store-time";
import { deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { createStaff, get, ORIGIN, postForm, signIn } from "./helpers";
import { postWithCookie } from "./dashboard-helpers";
import { flashToast, freeWeekday, rows, textOf, uniqueIp } from "./lead-helpers";
import { appointmentNamed, appointmentOutbox, book, senders, sentEmails, stubProviders } from "./message-helpers";

// The manage page a booking's confirmation links to: a GET shows and changes
// nothing; cancel and reschedule are posts from buttons, each one batch,
// refused when stale or replayed; the seat moves with the unique index.

afterEach(() => {
  vi.restoreAllMocks();
});

let phoneCounter = 0;
const newPhone = () => `901-557-${String(1000 + ++phoneCounter)}`;

async function booked(name: string, overrides: Record<string, string> = {}) {
  const fields = { name, phone: newPhone(), service: "Custom Design", date: freeWeekday(), time: "2:00 PM", smsConsent: "on", email: "m@example.com", ...overrides };
  const response = await book(fields);
  expect(response.status, await response.clone().text()).toBe(302);
  const appointment = await appointmentNamed(name);
  const path = `/appointment/${await manageToken(env, appointment.reference)}`;
  return { fields, appointment, path };
}

const current = (appointment: { date: string; time: string }) => `${appointment.date} ${appointment.time}`;

/** What a visit's state is in D1: the row, its events and its unsent messages. */
async function snapshot(name: string) {
  const appointment = await appointmentNamed(name);
  return {
    appointment,
    events: await rows("SELECT type, detail FROM lead_events WHERE lead_kind = 'appointment' AND record_id = ?", appointment.id),
    outbox: (await appointmentOutbox(name)).map(({ id, kind, channel, status }) => ({ id, kind, channel, status })),
  };
}

/** Post a manage form from this site, as the page's buttons do (no JavaScript: a document post). */
function post(path: string, fields: Record<string, string>, ip = uniqueIp()) {
  return postForm(path, fields, { "CF-Connecting-IP": ip });
}

/** The times a reschedule step offers, in order. */
async function offeredTimes(response: Response) {
  const html = await response.text();
  return [...html.matchAll(/<input type="radio"[^>]* name="time" value="([^"]+)"/g)].map((match) => match[1]!);
}

describe("the manage page (GET changes nothing)", () => {
  it("shows the booking and its steps, and no GET, however often, changes anything", async () => {
    const { path, fields } = await booked("Manage Look");
    const before = await snapshot("Manage Look");
    const overview = await get(path);
    expect(overview.status).toBe(200);
    expect(overview.headers.get("Cache-Control")).toBe("private, no-store");
    expect(overview.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const text = await textOf(overview);
    expect(text).toContain("You're booked");
    expect(text).toContain("Custom Design");
    expect(text).toContain("2:00 PM");
    // The page shows the visit, not who booked it.
    expect(text).not.toContain("Manage Look");
    expect(text).not.toContain(fields.phone);

    // A link scanner following every link on the page, and the steps' forms.
    for (const step of ["?step=cancel", "?step=reschedule", `?step=reschedule&date=${fields.date}`, `?step=review&date=${fields.date}&time=4:00 PM`]) {
      expect((await get(`${path}${step}`)).status, step).toBe(200);
    }
    expect((await SELF.fetch(`${ORIGIN}${path}`, { method: "HEAD" })).status).toBe(200);
    expect(await snapshot("Manage Look")).toEqual(before);
  });

  it("answers a tampered or made-up token with a clear 404 page, and an ended visit with 410", async () => {
    const { path } = await booked("Manage Tampered");
    const tampered = path.slice(0, -1) + (path.endsWith("A") ? "B" : "A");
    for (const bad of [tampered, "/appointment/not-a-token", `${path.split(".")[0]}`]) {
      const response = await get(bad);
      expect(response.status, bad).toBe(404);
      expect(await textOf(response)).toContain("We couldn't find that appointment");
    }

    const reference = crypto.randomUUID();
    const yesterday = addDays(storeDate(), -1);
    const startsAt = daySchedule(yesterday)[0]!.startsAt;
    await env.DB.prepare(
      "INSERT INTO appointments (name, phone, date, time, service, created_at, starts_at, slot_seat, submission_token) VALUES ('Manage Ended', '901-555-0100', ?, '11:00 AM', 'Repair', ?, ?, 0, ?)",
    )
      .bind(yesterday, startsAt - 86_400_000, startsAt, reference)
      .run();
    const endedPath = `/appointment/${await manageToken(env, reference)}`;
    const ended = await get(endedPath);
    expect(ended.status).toBe(410);
    expect(await textOf(ended)).toContain(MANAGE_MESSAGES.ended);
    const refused = await post(endedPath, { intent: "cancel", current: `${yesterday} 11:00 AM` });
    expect(refused.status).toBe(410);
    expect((await appointmentNamed("Manage Ended")).status).toBe("new");
  });
});

describe("cancel", () => {
  it("without JavaScript: a confirmation step, then a post; the seat is freed, staff are told, the reminder withdrawn", async () => {
    const { path, appointment, fields } = await booked("Manage Cancel");
    const step = await get(`${path}?step=cancel`);
    const stepHtml = await step.text();
    expect(stepHtml).toContain("Cancel this appointment?");
    expect(stepHtml).toContain(`name="current" value="${current(appointment)}"`);

    const response = await post(path, { intent: "cancel", current: current(appointment) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(path);
    expect(await flashToast(response)).toMatchObject({ type: "success", message: MANAGE_MESSAGES.cancelled });

    const after = await snapshot("Manage Cancel");
    expect(after.appointment.status).toBe("cancelled");
    expect(after.events).toEqual([
      { type: "cancelled", detail: `Cancelled by the visitor (was ${formatCalendarDay(fields.date)} at 2:00 PM).` },
    ]);
    expect(after.outbox.filter((row) => row.kind === "reminder").map((row) => row.status)).toEqual(["cancelled", "cancelled"]);
    const staff = after.outbox.find((row) => row.kind === "appointment-changed")!;
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, staff.id, senders())).toBe("sent");
    const [email] = sentEmails(fetchSpy);
    expect(email).toMatchObject({ to: store.notifications.to, subject: "Appointment cancelled by the visitor" });
    expect(email!.text).toContain("Name: Manage Cancel");
    expect(email!.text).toContain(`Appointment: ${siteUrl(`/dashboard/appointments/${appointment.id}`)}`);

    // The page now says so, and the time is open again to anyone.
    expect(await textOf(await get(path))).toContain("This appointment is cancelled");
    const taker = await book({ name: "Manage Cancel Taker", phone: newPhone(), service: "Repair", date: fields.date, time: "2:00 PM" });
    expect(taker.status).toBe(302);
  });

  it("with JavaScript (React Router's data request) does the same, and a replayed post is refused with 409", async () => {
    const { path, appointment } = await booked("Manage Cancel JS");
    const response = await post(`${path}.data`, { intent: "cancel", current: current(appointment) });
    expect(response.status).toBe(202);
    expect(await response.text()).toContain(path);
    expect((await appointmentNamed("Manage Cancel JS")).status).toBe("cancelled");

    const before = await snapshot("Manage Cancel JS");
    const replay = await post(path, { intent: "cancel", current: current(appointment) });
    expect(replay.status).toBe(409);
    expect(await textOf(replay)).toContain(MANAGE_MESSAGES.alreadyCancelled);
    expect(await snapshot("Manage Cancel JS")).toEqual(before);
  });

  it("announces the change to open dashboards", async () => {
    const { path, appointment } = await booked("Manage Live");
    const cookie = await signIn(await createStaff());
    const upgrade = await SELF.fetch(`${ORIGIN}/parties/dashboard-room/staff`, { headers: { Upgrade: "websocket", Origin: ORIGIN, Cookie: cookie } });
    const socket = upgrade.webSocket!;
    socket.accept();
    const events: unknown[] = [];
    socket.addEventListener("message", (event) => {
      events.push(JSON.parse(String(event.data)));
    });
    expect((await post(path, { intent: "cancel", current: current(appointment) })).status).toBe(302);
    await expect.poll(() => events, { timeout: 5_000 }).toContainEqual({ type: "record-updated", list: "appointments", id: appointment.id });
    socket.close();
  });
});

describe("reschedule", () => {
  it("without JavaScript: pick a day, a time, confirm; the seat moves in one step and the visitor is confirmed again", async () => {
    const { path, appointment, fields } = await booked("Manage Move");
    const newDate = freeWeekday();
    const times = await offeredTimes(await get(`${path}?step=reschedule&date=${newDate}`));
    expect(times).toEqual(["11:00 AM", "12:00 PM", "1:00 PM", "2:00 PM", "3:00 PM", "4:00 PM", "5:00 PM"]);
    const review = await textOf(await get(`${path}?step=review&date=${newDate}&time=4:00 PM`));
    expect(review).toContain(`From ${formatCalendarDay(fields.date)} at 2:00 PM to ${formatCalendarDay(newDate)} at 4:00 PM`);

    const before = await appointmentOutbox("Manage Move");
    const response = await post(path, { intent: "reschedule", current: current(appointment), date: newDate, time: "4:00 PM" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(path);
    expect((await flashToast(response))?.message).toBe(`${MANAGE_MESSAGES.moved} See you ${formatCalendarDay(newDate)} at 4:00 PM.`);

    const moved = await appointmentNamed("Manage Move");
    // Staff see the move as the row's status, as well as in the history.
    expect(moved).toMatchObject({ id: appointment.id, date: newDate, time: "4:00 PM", status: "rescheduled", reference: appointment.reference });
    expect(moved.starts_at).toBe(daySchedule(newDate).find((slot) => slot.label === "4:00 PM")!.startsAt);

    const outbox = await appointmentOutbox("Manage Move");
    const added = outbox.filter((row) => !before.some((old) => old.id === row.id));
    expect(added.map((row) => [row.kind, row.channel])).toEqual([
      ["appointment-changed", "email"],
      ["reschedule-confirmation", "sms"],
      ["reminder", "sms"],
      ["reschedule-confirmation", "email"],
      ["reminder", "email"],
    ]);
    expect(added.filter((row) => row.kind === "reminder").every((row) => row.starts_at === moved.starts_at)).toBe(true);
    // The old time's reminders are withdrawn: a moved appointment gets only its own.
    expect(outbox.filter((row) => row.kind === "reminder" && before.some((old) => old.id === row.id)).map((row) => [row.status, row.last_error])).toEqual([
      ["cancelled", "The appointment was moved; the new time has its own reminder."],
      ["cancelled", "The appointment was moved; the new time has its own reminder."],
    ]);
    expect(await rows("SELECT type, detail FROM lead_events WHERE record_id = ? AND lead_kind = 'appointment'", appointment.id)).toEqual([
      { type: "rescheduled", detail: `Moved by the visitor from ${formatCalendarDay(fields.date)} at 2:00 PM to ${formatCalendarDay(newDate)} at 4:00 PM.` },
    ]);

    // The old seat is free, the new one is held.
    expect((await book({ name: "Manage Old Seat", phone: newPhone(), service: "Repair", date: fields.date, time: "2:00 PM" })).status).toBe(302);
    expect((await book({ name: "Manage New Seat", phone: newPhone(), service: "Repair", date: newDate, time: "4:00 PM" })).status).toBe(409);

    // Replaying the same post changes nothing more.
    const replay = await post(path, { intent: "reschedule", current: current(appointment), date: newDate, time: "4:00 PM" });
    expect(replay.status).toBe(409);
    expect(await textOf(replay)).toContain(MANAGE_MESSAGES.stale);
    expect(await appointmentOutbox("Manage Move")).toHaveLength(outbox.length);
  });

  it("with JavaScript (data request) moves it the same way", async () => {
    const { path, appointment } = await booked("Manage Move JS");
    const newDate = freeWeekday();
    const response = await post(`${path}.data`, { intent: "reschedule", current: current(appointment), date: newDate, time: "11:00 AM" });
    expect(response.status).toBe(202);
    expect(await appointmentNamed("Manage Move JS")).toMatchObject({ date: newDate, time: "11:00 AM" });
  });

  it("when the new time was just taken, says so (409) and keeps the old one", async () => {
    const { path, appointment } = await booked("Manage Taken");
    const { fields: other } = await booked("Manage Taken Other");
    const before = await snapshot("Manage Taken");
    const response = await post(path, { intent: "reschedule", current: current(appointment), date: other.date, time: other.time });
    expect(response.status).toBe(409);
    expect(await textOf(response)).toContain(TIME_MESSAGES.taken);
    expect(await snapshot("Manage Taken")).toEqual(before);
  });

  it("refuses a time off the schedule, in the past, or the same as now, with 400 and nothing changed", async () => {
    const { path, appointment, fields } = await booked("Manage Invalid");
    const before = await snapshot("Manage Invalid");
    for (const [target, message] of [
      [{ date: fields.date, time: "10:00 AM" }, TIME_MESSAGES.notOffered],
      [{ date: addDays(storeDate(), -1), time: "11:00 AM" }, "Please choose today or a later date."],
      [{ date: fields.date, time: fields.time }, MANAGE_MESSAGES.same],
    ] as const) {
      const response = await post(path, { intent: "reschedule", current: current(appointment), ...target });
      expect(response.status, message).toBe(400);
      expect(await textOf(response)).toContain(message);
    }
    expect(await snapshot("Manage Invalid")).toEqual(before);
  });

  it("raced against a new booking for the same slot, leaves exactly one holder", async () => {
    const target = { date: freeWeekday(), time: "5:00 PM" };
    for (let round = 0; round < 3; round++) {
      const name = `Manage Race ${round}`;
      const { path, appointment } = await booked(name);
      const [moved, rival] = await Promise.all([
        post(path, { intent: "reschedule", current: current(appointment), ...target }),
        book({ name: `${name} Rival`, phone: newPhone(), service: "Repair", ...target }),
      ]);
      const holders = await rows<{ name: string }>(
        "SELECT name FROM appointments WHERE date = ? AND time = ? AND status NOT IN ('cancelled', 'spam', 'no_show')",
        target.date,
        target.time,
      );
      expect(holders, `${moved.status} ${rival.status}`).toHaveLength(1);
      expect([moved.status, rival.status].sort()).toEqual([302, 409]);
      if (moved.status === 409) expect((await appointmentNamed(name)).date).toBe(appointment.date);
      // Free the slot for the next round.
      await env.DB.prepare("UPDATE appointments SET status = 'cancelled' WHERE date = ? AND time = ?").bind(target.date, target.time).run();
    }
  });
});

describe("seats of closed appointments", () => {
  it("a spam or no-show appointment no longer holds its slot; reopening it when the seat is retaken is refused with 409", async () => {
    const { appointment, fields } = await booked("Manage Spam");
    // The day's open times, as the booking form offers them for that day.
    const openTimes = async () => offeredTimes(await get(`/book?date=${fields.date}`));
    expect(await openTimes()).not.toContain("2:00 PM");
    const cookie = await signIn(await createStaff());
    const marked = await postWithCookie(`/dashboard/appointments/${appointment.id}.data`, { intent: "status", version: "1", status: "spam", respond: "inline" }, cookie);
    expect(marked.status).toBe(200);
    expect(await openTimes()).toContain("2:00 PM");
    expect((await book({ name: "Manage Spam Taker", phone: newPhone(), service: "Repair", date: fields.date, time: "2:00 PM" })).status).toBe(302);

    const reopen = await postWithCookie(`/dashboard/appointments/${appointment.id}`, { intent: "details", version: "2", status: "new" }, cookie);
    expect(reopen.status).toBe(409);
    expect(await textOf(reopen)).toContain("Another booking holds this time now");
    expect((await appointmentNamed("Manage Spam")).status).toBe("spam");
  });

  it("a reminder whose appointment staff cancelled is dropped at send time", async () => {
    const { appointment } = await booked("Manage Staff Cancel");
    await env.DB.prepare("UPDATE appointments SET status = 'no_show' WHERE id = ?").bind(appointment.id).run();
    const [reminder] = (await appointmentOutbox("Manage Staff Cancel")).filter((row) => row.kind === "reminder");
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, reminder!.id, { ...senders(), now: reminder!.next_attempt_at })).toBe("cancelled");
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

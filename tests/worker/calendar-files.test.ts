import { env } from "cloudflare:test";
import ICAL from "ical.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { siteUrl, store } from "../../app/config/store";
import { manageToken } from "../../app/leads/manage-token.server";
import { addDays, daySchedule } from "../../app/core/slots";
import { deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { createStaff, get, postForm, signIn } from "./helpers";
import { postWithCookie } from "./dashboard-helpers";
import { freeWeekday, rows, uniqueIp } from "./lead-helpers";
import { appointmentNamed, appointmentOutbox, book, emailLinks, senders, sentEmails, sentTexts, stubProviders, type OutboxRow } from "./message-helpers";

// Every calendar file the product makes, read with ical.js (what calendar apps
// build on): the "Add to calendar" download and the file attached to each
// e-mail, for a new, a moved and a cancelled visit. One event (one UID) whose
// SEQUENCE rises with each change, so a calendar replaces what it holds.

afterEach(() => {
  vi.restoreAllMocks();
});

/** Staff set the status from the record page as it stands now (the form carries the version it showed). */
async function setStatus(id: number, status: string, cookie: string) {
  const [current] = await rows<{ version: number }>("SELECT version FROM appointments WHERE id = ?", id);
  return postWithCookie(`/dashboard/appointments/${id}`, { intent: "status", version: String(current!.version), status }, cookie);
}

let phoneCounter = 0;
const newPhone = () => `901-558-${String(1000 + ++phoneCounter)}`;

interface ReadEvent {
  method: string | null;
  uid: string;
  sequence: number;
  status: string;
  /** The wall clock in the event's time zone. */
  start: string;
  /** The instant a calendar app puts the start at, with the file's own VTIMEZONE rules (epoch ms). */
  startsAt: number;
  summary: string;
}

/** What a calendar app reads from a file: the calendar's METHOD and its one event. */
function readCalendar(file: string): ReadEvent {
  const calendar = new ICAL.Component(ICAL.parse(file));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]!);
  return {
    method: calendar.getFirstPropertyValue("method") as string | null,
    uid: event.uid,
    sequence: event.sequence,
    status: events[0]!.getFirstPropertyValue("status") as string,
    start: event.startDate.toString(),
    startsAt: event.startDate.toJSDate().getTime(),
    summary: event.summary,
  };
}

async function download(reference: string) {
  const response = await get(`/book/calendar.ics?booking=${reference}`);
  expect(response.status).toBe(200);
  const method = /method=(\w+)/.exec(response.headers.get("Content-Type") ?? "")?.[1];
  return { ...readCalendar(await response.text()), contentTypeMethod: method };
}

/** Sends the unsent rows of these kinds through the faked providers; returns the e-mails' attachments and texts. */
async function send(rowsToSend: OutboxRow[]) {
  const fetchSpy = stubProviders();
  for (const row of rowsToSend) expect(await deliverOutboxMessage(env, row.id, senders())).toBe("sent");
  const emails = sentEmails(fetchSpy);
  const texts = sentTexts(fetchSpy);
  vi.restoreAllMocks();
  return { emails, texts };
}

function attachedCalendar(email: { attachments: { filename: string; type: string; content: string }[] }) {
  expect(email.attachments).toHaveLength(1);
  const [attachment] = email.attachments;
  expect(attachment!.filename).toBe("appointment.ics");
  const bytes = Uint8Array.from(atob(attachment!.content), (character) => character.charCodeAt(0));
  const event = readCalendar(new TextDecoder().decode(bytes));
  // RFC 5545 §3.7.2: the MIME type's method is the file's METHOD.
  expect(attachment!.type).toBe(`text/calendar; charset=utf-8; method=${event.method}`);
  return event;
}

const unsentOf = async (name: string, kind: string) =>
  (await appointmentOutbox(name)).filter((row) => row.kind === kind && row.status === "pending");

const wallClock = (date: string, time: string) => {
  const [clock, half] = time.split(" ");
  const [hour, minute] = clock!.split(":").map(Number);
  const hours = (hour! % 12) + (half === "PM" ? 12 : 0);
  return `${date}T${String(hours).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00`;
};

describe("calendar files", () => {
  it("new, moved, cancelled by the visitor: one event whose SEQUENCE rises; the cancel removes it", async () => {
    const name = "Calendar Journey";
    const date = freeWeekday();
    const phone = newPhone();
    expect((await book({ name, phone, service: "Repair", date, time: "2:00 PM", email: "journey@example.com", smsConsent: "on" })).status).toBe(302);
    const { reference } = await appointmentNamed(name);
    const uid = `${reference}@${new URL(siteUrl("/")).hostname}`;

    // New: the confirmation's attachment and the download are the same event, at SEQUENCE 0.
    const booked = await send(await unsentOf(name, "booking-confirmation"));
    const bookedFile = attachedCalendar(booked.emails[0]!);
    expect(bookedFile).toEqual({
      method: "PUBLISH",
      uid,
      sequence: 0,
      status: "CONFIRMED",
      start: wallClock(date, "2:00 PM"),
      startsAt: daySchedule(date).find((slot) => slot.label === "2:00 PM")!.startsAt,
      summary: `Repair at ${store.name}`,
    });
    expect(booked.emails[0]!.replyTo).toBe(store.email);
    expect(await download(reference)).toEqual({ ...bookedFile, contentTypeMethod: "PUBLISH" });

    // Moved from the manage page: same UID, SEQUENCE 1, the new start, in the e-mail and the download.
    const path = `/appointment/${await manageToken(env, reference)}`;
    const newDate = addDays(date, 1);
    const moveTo = daySchedule(newDate).at(-2)!.label;
    const moved = await postForm(path, { intent: "reschedule", current: `${date} 2:00 PM`, date: newDate, time: moveTo }, { "CF-Connecting-IP": uniqueIp() });
    expect(moved.status).toBe(302);
    const movedMessages = await send(await unsentOf(name, "reschedule-confirmation"));
    const movedFile = attachedCalendar(movedMessages.emails[0]!);
    expect(movedFile).toMatchObject({ method: "PUBLISH", uid, sequence: 1, status: "CONFIRMED", start: wallClock(newDate, moveTo) });
    expect(movedFile.startsAt).toBe((await appointmentNamed(name)).starts_at);
    expect(movedMessages.emails[0]!.subject).toContain("moved");
    expect(movedMessages.texts[0]!.params.Body).toContain("moved");
    expect(await download(reference)).toMatchObject({ method: "PUBLISH", uid, sequence: 1, start: wallClock(newDate, moveTo) });

    // Cancelled: the e-mail's file is a CANCEL at SEQUENCE 2; the old link now serves the cancelled event.
    const cancelled = await postForm(path, { intent: "cancel", current: `${newDate} ${moveTo}` }, { "CF-Connecting-IP": uniqueIp() });
    expect(cancelled.status).toBe(302);
    const told = await send(await unsentOf(name, "cancellation-confirmation"));
    expect(attachedCalendar(told.emails[0]!)).toMatchObject({ method: "CANCEL", uid, sequence: 2, status: "CANCELLED" });
    expect(told.emails[0]).toMatchObject({ to: "journey@example.com", replyTo: store.email });
    expect(told.emails[0]!.text).toContain(`Book a new time: ${siteUrl("/book")}`);
    expect(emailLinks(told.emails[0]!.html)).toContainEqual({ label: "Book a new time", href: siteUrl("/book") });
    expect(told.texts.map((text) => text.params.To)).toEqual([`+1${phone.replaceAll("-", "")}`]);
    expect(told.texts[0]!.params.Body).toContain(`Book a new time: ${siteUrl("/book")}`);
    expect(await download(reference)).toMatchObject({ method: "PUBLISH", uid, sequence: 2, status: "CANCELLED", contentTypeMethod: "PUBLISH" });
  });

  it("cancelled by staff: the visitor is told on each channel, reminders withdrawn, the file cancelled; reopening confirms it again", async () => {
    const name = "Calendar Staff Cancel";
    expect((await book({ name, phone: newPhone(), service: "Repair", date: freeWeekday(), time: "3:00 PM", email: "staffcancel@example.com", smsConsent: "on" })).status).toBe(302);
    const appointment = await appointmentNamed(name);
    const staff = await createStaff();
    const cookie = await signIn(staff);

    const response = await setStatus(appointment.id, "cancelled", cookie);
    expect(response.status).toBe(302);
    const outbox = await appointmentOutbox(name);
    expect(outbox.filter((row) => row.kind === "reminder").map((row) => row.status)).toEqual(["cancelled", "cancelled"]);
    const told = await send(await unsentOf(name, "cancellation-confirmation"));
    expect(told.texts).toHaveLength(1);
    expect(told.emails).toHaveLength(1);
    expect(attachedCalendar(told.emails[0]!)).toMatchObject({ method: "CANCEL", sequence: 1, status: "CANCELLED" });
    expect(await download(appointment.reference)).toMatchObject({ sequence: 1, status: "CANCELLED" });

    // A second "cancelled" (a double click, or a note saved) tells nobody again and changes no file.
    await setStatus(appointment.id, "cancelled", cookie);
    expect((await appointmentOutbox(name)).filter((row) => row.kind === "cancellation-confirmation")).toHaveLength(2);
    expect(await download(appointment.reference)).toMatchObject({ sequence: 1 });

    // Reopened: the seat is held again, and the file says so with a higher SEQUENCE.
    const confirmationsBefore = (await appointmentOutbox(name)).filter((row) => row.kind === "booking-confirmation").map((row) => row.id);
    await setStatus(appointment.id, "contacted", cookie);
    expect(await download(appointment.reference)).toMatchObject({ sequence: 2, status: "CONFIRMED" });
    expect(await rows("SELECT sequence FROM appointments WHERE id = ?", appointment.id)).toEqual([{ sequence: 2 }]);
    // The visitor, told it was cancelled, is told it is on again, and is reminded again.
    const reopened = (await unsentOf(name, "booking-confirmation")).filter((row) => !confirmationsBefore.includes(row.id));
    const back = await send(reopened);
    expect(back.texts).toHaveLength(1);
    expect(back.emails).toHaveLength(1);
    expect(attachedCalendar(back.emails[0]!)).toMatchObject({ method: "PUBLISH", sequence: 2, status: "CONFIRMED" });
    expect(await unsentOf(name, "reminder")).toHaveLength(2);
  });

  it("a visit that has already passed, marked cancelled by staff, sends the visitor nothing", async () => {
    const name = "Calendar Past Cancel";
    expect((await book({ name, phone: newPhone(), service: "Repair", date: freeWeekday(), time: "4:00 PM", email: "past@example.com" })).status).toBe(302);
    const appointment = await appointmentNamed(name);
    await env.DB.prepare("UPDATE appointments SET starts_at = ? WHERE id = ?").bind(Date.now() - 86_400_000, appointment.id).run();
    const cookie = await signIn(await createStaff());
    await setStatus(appointment.id, "cancelled", cookie);
    expect((await appointmentOutbox(name)).filter((row) => row.kind === "cancellation-confirmation")).toEqual([]);
    expect(await download(appointment.reference)).toMatchObject({ sequence: 1, status: "CANCELLED" });
  });
});

describe("calendar files of a visit booked, moved and cancelled by a clerk", () => {
  it("a phone booking, a staff move and a staff cancel: one event whose SEQUENCE rises, read with ical.js", async () => {
    const name = "Calendar Clerk Desk";
    const cookie = await signIn(await createStaff());
    const date = freeWeekday();
    const booked = await postWithCookie(
      `/dashboard/appointments/new?date=${date}`,
      { formId: crypto.randomUUID(), name, phone: newPhone(), service: "Custom Design", date, time: "1:00 PM", email: "desk@example.com" },
      cookie,
    );
    expect(booked.status).toBe(302);
    const { reference, id } = await appointmentNamed(name);
    const uid = `${reference}@${new URL(siteUrl("/")).hostname}`;
    const confirmed = await send(await unsentOf(name, "booking-confirmation"));
    expect(attachedCalendar(confirmed.emails[0]!)).toMatchObject({ method: "PUBLISH", uid, sequence: 0, status: "CONFIRMED", start: wallClock(date, "1:00 PM") });
    expect(confirmed.emails[0]!.text).toContain(siteUrl(`/appointment/${await manageToken(env, reference)}`));

    const newDate = freeWeekday();
    const moved = await postWithCookie(`/dashboard/appointments/${id}/move?date=${newDate}`, { intent: "reschedule", current: `${date} 1:00 PM`, date: newDate, time: "3:00 PM" }, cookie);
    expect(moved.status).toBe(302);
    const movedFile = attachedCalendar((await send(await unsentOf(name, "reschedule-confirmation"))).emails[0]!);
    expect(movedFile).toMatchObject({ method: "PUBLISH", uid, sequence: 1, status: "CONFIRMED", start: wallClock(newDate, "3:00 PM") });
    expect(movedFile.startsAt).toBe(daySchedule(newDate).find((slot) => slot.label === "3:00 PM")!.startsAt);
    expect(await download(reference)).toMatchObject({ uid, sequence: 1, start: wallClock(newDate, "3:00 PM") });

    const cancelled = await postWithCookie(`/dashboard/appointments/${id}/cancel`, { intent: "cancel", current: `${newDate} 3:00 PM` }, cookie);
    expect(cancelled.status).toBe(302);
    expect(attachedCalendar((await send(await unsentOf(name, "cancellation-confirmation"))).emails[0]!)).toMatchObject({ method: "CANCEL", uid, sequence: 2, status: "CANCELLED" });
    expect(await download(reference)).toMatchObject({ uid, sequence: 2, status: "CANCELLED" });
  });
});

// The request for a Google review after a visit (issue 42 §3, decision 146): an appointment marked Done or a
// repair marked Picked up queues one message, sent the next day the store is open between 11 AM and 6 PM store
// time, the same words for everyone, once per customer in 180 days, never to a number that sent STOP, by e-mail
// where there is no consent to texts about the visit, and counted by month on the owner's Staff page once sent.
// The staff act through the real routes at a store time given by `setStoreClock`, the outbox sends at its `now`
// (tests/worker/store-clock.ts); Twilio and MailChannels are faked where they are reached, and STOP is a text
// signed with the twilio package, as Twilio's webhook posts it.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { store } from "../../app/config/store";
import { addDays } from "../../app/core/slots";
import { storeClock, storeTimeToInstant } from "../../app/core/store-time";
import { getDb } from "../../app/db/client.server";
import { deliverOutboxMessage, type DeliveryOutcome } from "../../app/messaging/outbox-delivery.server";
import { reviewRequestsByMonth } from "../../app/messaging/review-requests.server";
import { createOwner, createStaff, signIn } from "./helpers";
import { getWithCookie, postWithCookie } from "./dashboard-helpers";
import { freeWeekday, rows, textOf } from "./lead-helpers";
import { appointmentNamed, book, inboundText, nuMessages, senders, sentEmails, sentTexts, stubProviders, type OutboxRow, type SentEmail, type SentText } from "./message-helpers";
import { logRepair, repairRow, setStatus, uniquePhone } from "./repair-helpers";
import { setStoreClock, useRealClock } from "./store-clock";

afterEach(() => {
  useRealClock();
});

const e164 = (phone: string) => `+1${phone.replace(/\D/g, "")}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The one text every customer gets, word for word. */
const REVIEW_TEXT = `Bartlett Fine Jewelry: thank you for your visit. Would you tell others how it went in a Google review? ${store.social.reviews} Reply STOP to opt out.`;

/** The review requests queued about one record: an appointment's (lead kind set) or a repair's (none). */
function reviewRequestsOf(record: { appointment: number } | { repair: number }): Promise<OutboxRow[]> {
  const [leadKind, id] = "appointment" in record ? ["appointment", record.appointment] : [null, record.repair];
  return rows<OutboxRow>(
    "SELECT * FROM outbox WHERE kind = 'review-request' AND lead_kind IS ? AND record_id = ? ORDER BY id",
    leadKind,
    id,
  );
}

async function onlyRequest(record: { appointment: number } | { repair: number }): Promise<OutboxRow> {
  const queued = await reviewRequestsOf(record);
  expect(queued, "one review request").toHaveLength(1);
  return queued[0]!;
}

/** What the outbox does with one row at `now`, as the cron would: the outcome, and what reached Twilio and MailChannels. */
async function deliver(id: number, now: number): Promise<{ outcome: DeliveryOutcome; texts: SentText[]; emails: SentEmail[] }> {
  const fetchSpy = stubProviders();
  try {
    const outcome = await deliverOutboxMessage(env, id, { ...senders(), now });
    return { outcome, texts: sentTexts(fetchSpy), emails: sentEmails(fetchSpy) };
  } finally {
    fetchSpy.mockRestore();
  }
}

/** A clerk, signed in at the store time now set, sets the appointment's status on its record page. */
async function setAppointmentStatus(id: number, status: string) {
  const cookie = await signIn(await createStaff());
  const [{ version }] = (await rows<{ version: number }>("SELECT version FROM appointments WHERE id = ?", id)) as [{ version: number }];
  const response = await postWithCookie(`/dashboard/appointments/${id}`, { intent: "status", version: String(version), status }, cookie);
  expect(response.status).toBe(302);
  return cookie;
}

/** A visit booked on /book (texts ticked unless `texts` is false), to be marked Done later. */
async function bookVisit(name: string, { texts = true, email }: { texts?: boolean; email?: string } = {}) {
  const phone = uniquePhone();
  const fields = { name, phone, service: "Repair", date: freeWeekday(), time: "11:00 AM", ...(texts ? { smsConsent: "on" } : {}), ...(email ? { email } : {}) };
  expect((await book(fields)).status).toBe(302);
  return { phone, appointment: await appointmentNamed(name) };
}

/** A clerk, signed in at the store time now set, sets a repair's status on its page. */
async function setRepairStatus(id: number, status: string) {
  const cookie = await signIn(await createStaff());
  expect((await setStatus(cookie, await repairRow(id), status)).status).toBe(302);
}

/** A repair logged and marked Picked up at `at`, store time. */
async function pickedUpRepair(at: number, fields: Record<string, string>) {
  setStoreClock(at);
  const { repair } = await logRepair(await signIn(await createStaff()), fields);
  await setRepairStatus(repair.id, "picked_up");
  return repair;
}

/** A store day after today's real date (bookings are made on the real clock), whose weekday is `weekday` (0 Sunday). */
function comingDay(weekday: number, after = 20): string {
  let day = addDays(storeClock(Date.now()).date, after);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== weekday) day = addDays(day, 1);
  return day;
}

describe("a review request after the visit", () => {
  it("an appointment marked Done is texted the next day at 11 AM, held outside 11 AM to 6 PM, in the same words for everyone", async () => {
    const { phone, appointment } = await bookVisit("Review Done Text", { email: "done-text@example.com" });
    const tuesday = comingDay(2);
    setStoreClock(storeTimeToInstant(tuesday, 14));
    const cookie = await setAppointmentStatus(appointment.id, "done");

    const request = await onlyRequest({ appointment: appointment.id });
    const wednesday = addDays(tuesday, 1);
    expect(request).toMatchObject({ channel: "sms", recipient: e164(phone), status: "pending", text_body: REVIEW_TEXT });
    expect(request.next_attempt_at).toBe(storeTimeToInstant(wednesday, 11));
    expect(request.text_body).not.toMatch(/happy|satisf|enjoy|star|positive/i);

    // The record's timeline shows it like the store's other messages: what it is, to whom, and when it goes.
    const page = await textOf(await getWithCookie(`/dashboard/appointments/${appointment.id}`, cookie));
    expect(page).toContain(`Review request text to`);
    expect(page).toMatch(/Scheduled for [A-Z][a-z]{2} \d+, \d{4}, 11:00 AM/);

    // Due again before 11 AM or from 6 PM (a retry, a cron that ran late), it waits for 11 AM without spending an attempt.
    for (const [early, heldUntil] of [
      [storeTimeToInstant(wednesday, 10, 59), storeTimeToInstant(wednesday, 11)],
      [storeTimeToInstant(wednesday, 18), storeTimeToInstant(addDays(wednesday, 1), 11)],
    ] as const) {
      await env.DB.prepare("UPDATE outbox SET next_attempt_at = ? WHERE id = ?").bind(early, request.id).run();
      expect(await deliver(request.id, early)).toEqual({ outcome: "deferred", texts: [], emails: [] });
      expect((await reviewRequestsOf({ appointment: appointment.id }))[0]).toMatchObject({ status: "pending", attempts: 0, next_attempt_at: heldUntil });
    }
    const thursday = addDays(wednesday, 1);
    const sent = await deliver(request.id, storeTimeToInstant(thursday, 11));
    expect(sent.outcome).toBe("sent");
    expect(sent.emails).toEqual([]);
    expect(sent.texts).toHaveLength(1);
    expect(sent.texts[0]!.params).toMatchObject({ To: e164(phone), Body: REVIEW_TEXT });
    const after = await textOf(await getWithCookie(`/dashboard/appointments/${appointment.id}`, cookie));
    expect(after).toContain("Review request text to");
  });

  it("a repair marked Picked up at 11 PM on Saturday the clocks go back is texted Sunday at 11 AM (CST)", async () => {
    const phone = uniquePhone();
    const repair = await pickedUpRepair(storeTimeToInstant("2026-10-31", 23), { phone, textConsent: "on" });
    const request = await onlyRequest({ repair: repair.id });
    expect(request).toMatchObject({ channel: "sms", recipient: e164(phone), text_body: REVIEW_TEXT });
    expect(request.next_attempt_at).toBe(storeTimeToInstant("2026-11-01", 11));
    expect(new Date(request.next_attempt_at).toISOString()).toBe("2026-11-01T17:00:00.000Z");
    const sent = await deliver(request.id, request.next_attempt_at);
    expect(sent.outcome).toBe("sent");
    expect(sent.texts.map((text) => text.params)).toMatchObject([{ To: e164(phone), Body: REVIEW_TEXT }]);
    // The repair's timeline shows it with its other messages.
    const page = await textOf(await getWithCookie(`/dashboard/repairs/${repair.id}`, await signIn(await createStaff())));
    expect(page).toContain("Review request text to");
  });

  it("when the store keeps the next day closed (a Sunday closed by the owner), it goes the next open day at 11 AM", async () => {
    // Saturday 7 November 2026, 11 PM: the owner closes Sunday the 8th, so the request waits for Monday the 9th.
    setStoreClock(storeTimeToInstant("2026-11-07", 22));
    const owner = await signIn(await createOwner());
    const closed = await postWithCookie("/dashboard/hours", { intent: "add-special-day", date: "2026-11-08", kind: "closed", note: "Inventory" }, owner);
    expect(closed.status).toBe(302);
    const repair = await pickedUpRepair(storeTimeToInstant("2026-11-07", 23), { phone: uniquePhone(), textConsent: "on" });
    expect((await onlyRequest({ repair: repair.id })).next_attempt_at).toBe(storeTimeToInstant("2026-11-09", 11));
  });

  it("a visit marked Done ahead of its day is asked the day after the visit, not before it", async () => {
    const { appointment } = await bookVisit("Review Early Done");
    await setAppointmentStatus(appointment.id, "done");
    expect((await onlyRequest({ appointment: appointment.id })).next_attempt_at).toBe(storeTimeToInstant(addDays(appointment.date, 1), 11));
  });

  it("is queued once however often the status goes back and forth", async () => {
    const { appointment } = await bookVisit("Review Back And Forth", { email: "forth@example.com" });
    setStoreClock(storeTimeToInstant(comingDay(3), 12));
    for (const status of ["done", "contacted", "done", "new", "done"]) await setAppointmentStatus(appointment.id, status);
    expect(await reviewRequestsOf({ appointment: appointment.id })).toHaveLength(1);

    const repair = await pickedUpRepair(storeTimeToInstant(comingDay(3), 13), { phone: uniquePhone(), textConsent: "on" });
    for (const status of ["ready", "picked_up", "in_progress", "picked_up"]) await setRepairStatus(repair.id, status);
    expect(await reviewRequestsOf({ repair: repair.id })).toHaveLength(1);
  });

  it("is withdrawn at send time when the visit is no longer Done", async () => {
    const { appointment } = await bookVisit("Review Undone");
    const day = comingDay(4);
    setStoreClock(storeTimeToInstant(day, 12));
    await setAppointmentStatus(appointment.id, "done");
    await setAppointmentStatus(appointment.id, "no_show");
    const request = await onlyRequest({ appointment: appointment.id });
    expect(await deliver(request.id, request.next_attempt_at)).toMatchObject({ outcome: "cancelled", texts: [], emails: [] });
    expect((await onlyRequest({ appointment: appointment.id })).last_error).toBe("The visit is no longer marked Done or Picked up.");
  });

  it("asks a customer at most once in 180 days: a second visit within them gets none, one after them gets one", async () => {
    const phone = uniquePhone();
    const first = await pickedUpRepair(storeTimeToInstant("2027-01-05", 12), { phone, textConsent: "on" });
    const asked = await onlyRequest({ repair: first.id });
    expect((await deliver(asked.id, asked.next_attempt_at)).outcome).toBe("sent");

    // 179 days later, the same number: nothing is queued.
    const again = await pickedUpRepair(storeTimeToInstant("2027-01-05", 12) + 179 * DAY_MS, { phone, textConsent: "on" });
    expect(await reviewRequestsOf({ repair: again.id })).toEqual([]);

    // 181 days after the first was sent, one again.
    const later = await pickedUpRepair(asked.next_attempt_at + 181 * DAY_MS, { phone, textConsent: "on" });
    const request = await onlyRequest({ repair: later.id });
    const sent = await deliver(request.id, request.next_attempt_at);
    expect(sent.outcome).toBe("sent");
    expect(sent.texts.map((text) => text.params.To)).toEqual([e164(phone)]);
  });

  it("two visits queued before either went: the second is checked again just before it goes, by number or address", async () => {
    const phone = uniquePhone();
    const email = `twice-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const day = "2027-02-02";
    // The first repair reaches the customer by text (its record has their address too); the second has no text consent.
    const byText = await pickedUpRepair(storeTimeToInstant(day, 12), { phone, email, textConsent: "on" });
    const byEmail = await pickedUpRepair(storeTimeToInstant(day, 13), { phone: uniquePhone(), email: email.toUpperCase() });
    const [text, mail] = [await onlyRequest({ repair: byText.id }), await onlyRequest({ repair: byEmail.id })];
    expect([text.channel, mail.channel]).toEqual(["sms", "email"]);

    expect((await deliver(text.id, text.next_attempt_at)).outcome).toBe("sent");
    expect(await deliver(mail.id, mail.next_attempt_at)).toEqual({ outcome: "cancelled", texts: [], emails: [] });
    expect((await onlyRequest({ repair: byEmail.id })).last_error).toBe("Not sent: this customer was asked for a review in the last 180 days.");
  });

  it("never reaches a number that sent STOP, even a STOP sent after it was queued", async () => {
    const phone = uniquePhone();
    const repair = await pickedUpRepair(storeTimeToInstant("2027-03-02", 12), { phone, textConsent: "on" });
    const request = await onlyRequest({ repair: repair.id });
    const { response } = await inboundText({ From: e164(phone), Body: "STOP" });
    expect(response.status).toBe(200);
    expect(await deliver(request.id, request.next_attempt_at)).toEqual({ outcome: "cancelled", texts: [], emails: [] });
    expect((await onlyRequest({ repair: repair.id })).last_error).toBe("Not sent: This number replied STOP and is on the opt-out list.");

    // A later visit of that number: no text is even queued; with an address, the request goes by e-mail instead.
    setStoreClock(storeTimeToInstant("2027-03-03", 12));
    const stopped = await pickedUpRepair(storeTimeToInstant("2027-03-03", 12), { phone, textConsent: "on" });
    expect(await reviewRequestsOf({ repair: stopped.id })).toEqual([]);
    const withEmail = await pickedUpRepair(storeTimeToInstant("2027-03-03", 13), { phone, textConsent: "on", email: "stopped@example.com" });
    expect((await onlyRequest({ repair: withEmail.id })).channel).toBe("email");
  });

  it("goes by e-mail to a customer who gave an address but no consent to texts about the visit", async () => {
    const name = "Review By Email";
    const { appointment } = await bookVisit(name, { texts: false, email: "no-texts@example.com" });
    setStoreClock(storeTimeToInstant(comingDay(5), 12));
    await setAppointmentStatus(appointment.id, "done");
    const request = await onlyRequest({ appointment: appointment.id });
    expect(request).toMatchObject({ channel: "email", recipient: "no-texts@example.com", subject: `Your visit to ${store.name}` });

    const sent = await deliver(request.id, request.next_attempt_at);
    expect(sent.outcome).toBe("sent");
    expect(sent.texts).toEqual([]);
    expect(sent.emails).toHaveLength(1);
    const [email] = sent.emails;
    expect(email).toMatchObject({ to: "no-texts@example.com", replyTo: store.email, subject: `Your visit to ${store.name}` });
    expect(email!.text).toContain("Would you tell others how it went in a Google review?");
    expect(email!.text).toContain(`Write a Google review: ${store.social.reviews}`);
    expect(email!.html).toContain(`href="${store.social.reviews.replaceAll("&", "&amp;")}"`);
    expect(email!.text).not.toMatch(/happy|satisf|enjoy|star|positive|Review By Email/i);
    // Valid HTML, as every e-mail the site sends (the Nu validator, run in Node).
    const [messages] = await nuMessages([email!.html]);
    expect(messages!.filter((message) => message.type === "error" || message.subType === "fatal")).toEqual([]);
  });

  it("sends nothing to a customer with neither consent to texts nor an address", async () => {
    const { appointment } = await bookVisit("Review Nobody", { texts: false });
    setStoreClock(storeTimeToInstant(comingDay(6), 12));
    await setAppointmentStatus(appointment.id, "done");
    expect(await reviewRequestsOf({ appointment: appointment.id })).toEqual([]);

    const repair = await pickedUpRepair(storeTimeToInstant(comingDay(6), 13), { phone: uniquePhone() });
    expect(await reviewRequestsOf({ repair: repair.id })).toEqual([]);
  });

  it("counts, by month on the owner's Staff page, the requests that went out, not those only queued", async () => {
    // In May 2027: two sent (a text and an e-mail) and one still queued; in April, one sent.
    const sendOne = async (at: number, fields: Record<string, string>) => {
      const repair = await pickedUpRepair(at, fields);
      const request = await onlyRequest({ repair: repair.id });
      expect((await deliver(request.id, request.next_attempt_at)).outcome).toBe("sent");
    };
    await sendOne(storeTimeToInstant("2027-04-20", 12), { phone: uniquePhone(), textConsent: "on" });
    await sendOne(storeTimeToInstant("2027-05-03", 12), { phone: uniquePhone(), textConsent: "on" });
    await sendOne(storeTimeToInstant("2027-05-04", 12), { phone: uniquePhone(), email: "counted@example.com" });
    // The last evening of May, store time: sent at 11 AM on 1 June it would count in June; queued, it counts nowhere.
    const queued = await pickedUpRepair(storeTimeToInstant("2027-05-31", 20), { phone: uniquePhone(), textConsent: "on" });
    expect(await reviewRequestsOf({ repair: queued.id })).toHaveLength(1);

    const months = await reviewRequestsByMonth(getDb(env), storeTimeToInstant("2027-05-31", 23, 59));
    expect(months.slice(0, 3)).toEqual([
      { month: "2027-05-01", texts: 1, emails: 1 },
      { month: "2027-04-01", texts: 1, emails: 0 },
      { month: "2027-03-01", texts: expect.any(Number), emails: expect.any(Number) },
    ]);
    expect(months).toHaveLength(12);

    setStoreClock(storeTimeToInstant("2027-05-31", 23, 59));
    const owner = await signIn(await createOwner());
    const page = await textOf(await getWithCookie("/dashboard/staff", owner));
    expect(page).toMatch(/Review requests sent/);
    expect(page).toMatch(/May 2027\s*1\s*1\s*2\s*April 2027\s*1\s*0\s*1/);
  });
});

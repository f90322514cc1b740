import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messaging } from "../../app/config/messaging";
import { mapsSearchUrl, store, storeAddressLine, siteUrl } from "../../app/config/store";
import { SMS_CONSENT_TEXT, SMS_CONSENT_VERSION } from "../../app/leads/consent";
import { manageToken } from "../../app/leads/manage-token.server";
import { reminderTime } from "../../app/core/reminders";
import { SMS_PHONE_MESSAGE } from "../../app/leads/rules/appointment";
import { addDays } from "../../app/core/slots";
import { formatCalendarDay, storeTimeToInstant } from "../../app/core/store-time";
import { deliverDueOutbox, deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { handleScheduled } from "../../workers/scheduled";
import { createStaff, signIn } from "./helpers";
import { getWithCookie, postWithCookie } from "./dashboard-helpers";
import { freeWeekday, postLead, rows, textOf } from "./lead-helpers";
import {
  appointmentNamed,
  appointmentOutbox,
  book,
  configuredEnv,
  emailLinks,
  inboundText,
  nextStoreNoon,
  senders,
  sentEmails,
  sentTexts,
  stubProviders,
  TWILIO,
} from "./message-helpers";

// Confirmations, reminders and "We received your request": what is queued with
// each lead, and exactly what goes to Twilio and MailChannels for each kind.

afterEach(() => {
  vi.restoreAllMocks();
});

const HOUR = 60 * 60 * 1000;
let phoneCounter = 0;
/** A mobile number no other test uses (the per-number daily limit stays this test's own). */
const newPhone = () => `(901) 555-${String(2000 + ++phoneCounter).padStart(4, "0")}`;
const e164 = (phone: string) => `+1${phone.replace(/\D/g, "")}`;

async function bookWithEverything(name: string, overrides: Record<string, string> = {}) {
  const phone = overrides.phone ?? newPhone();
  const fields = { name, phone, service: "Repair", date: freeWeekday(), time: "11:00 AM", email: "visitor@example.com", smsConsent: "on", ...overrides };
  const response = await book(fields);
  expect(response.status, await response.clone().text()).toBe(302);
  return { ...fields, appointment: await appointmentNamed(name) };
}

describe("booking: confirmation and reminder", () => {
  it("queues, in the booking's batch, a text and an e-mail confirmation and a reminder on each, and records the consent", async () => {
    const { phone, appointment } = await bookWithEverything("Messages Everything");
    const outbox = await appointmentOutbox("Messages Everything");
    expect(outbox.map(({ kind, channel, recipient }) => [kind, channel, recipient])).toEqual([
      ["appointment", "email", store.notifications.to],
      ["booking-confirmation", "sms", e164(phone)],
      ["reminder", "sms", e164(phone)],
      ["booking-confirmation", "email", "visitor@example.com"],
      ["reminder", "email", "visitor@example.com"],
    ]);
    // Held without provider credentials in tests (as `npm start` runs): logged and kept.
    expect(outbox.every((row) => row.status === "pending" && row.attempts === 0)).toBe(true);
    const reminders = outbox.filter((row) => row.kind === "reminder");
    const expected = reminderTime({ date: appointment.date, startsAt: appointment.starts_at }, Date.now());
    for (const reminder of reminders) {
      expect(reminder.starts_at).toBe(appointment.starts_at);
      expect(Math.abs(reminder.next_attempt_at - expected!)).toBeLessThan(60_000);
    }

    const consent = await rows<Record<string, unknown>>(
      "SELECT phone, appointment_id, contact_message_id, consent_version, consent_text, ip FROM consent_records WHERE appointment_id = ?",
      appointment.id,
    );
    expect(consent).toEqual([
      {
        phone: e164(phone),
        appointment_id: appointment.id,
        contact_message_id: null,
        consent_version: SMS_CONSENT_VERSION,
        consent_text: SMS_CONSENT_TEXT,
        ip: expect.stringMatching(/^198\.51\./),
      },
    ]);
  });

  it("sends exactly these requests: Twilio's Messages API for texts, MailChannels for e-mails", async () => {
    const { phone, date, appointment } = await bookWithEverything("Exact Requests");
    const outbox = await appointmentOutbox("Exact Requests");
    // The configured site, not the request's Host (decision 052).
    const manage = siteUrl(`/appointment/${await manageToken(env, appointment.reference)}`);
    const calendar = siteUrl(`/book/calendar.ics?booking=${appointment.reference}`);
    const when = `${formatCalendarDay(date)} at 11:00 AM`;
    const fetchSpy = stubProviders();

    // The confirmations, now; the reminders, when they fall due.
    for (const row of outbox.filter((row) => row.kind !== "appointment")) {
      expect(await deliverOutboxMessage(env, row.id, { ...senders(), now: Math.max(Date.now(), row.next_attempt_at) })).toBe("sent");
    }

    const texts = sentTexts(fetchSpy);
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${TWILIO.accountSid}/Messages.json`);
      expect(text.authorization).toBe(`Basic ${btoa(`${TWILIO.accountSid}:${TWILIO.authToken}`)}`);
      expect(text.contentType).toBe("application/x-www-form-urlencoded");
    }
    expect(texts.map((text) => text.params)).toEqual([
      {
        To: e164(phone),
        From: TWILIO.from,
        Body: `${store.name}: you're booked for Repair on ${when}, ${storeAddressLine}. Add to calendar: ${calendar} Change or cancel: ${manage} Reply STOP to opt out.`,
        StatusCallback: siteUrl("/sms/status"),
      },
      {
        To: e164(phone),
        From: TWILIO.from,
        Body: `${store.name}: a reminder of your Repair on ${when}, ${storeAddressLine}. Change or cancel: ${manage} Reply STOP to opt out.`,
        StatusCallback: siteUrl("/sms/status"),
      },
    ]);

    const emails = sentEmails(fetchSpy);
    expect(emails.map(({ to, from, subject }) => ({ to, from, subject }))).toEqual([
      { to: "visitor@example.com", from: { email: store.notifications.from, name: store.name }, subject: `Your appointment on ${when}` },
      { to: "visitor@example.com", from: { email: store.notifications.from, name: store.name }, subject: `Reminder: your appointment on ${when}` },
    ]);
    for (const email of emails) {
      expect(email.text).toContain("Hi Exact Requests,");
      expect(email.text).toContain("Service: Repair");
      expect(email.text).toContain("Time: 11:00 AM (Central time)");
      expect(email.text).toContain(`Where: ${store.name}, ${storeAddressLine}`);
      expect(email.text).toContain(`Change or cancel: ${manage}`);
      expect(emailLinks(email.html)).toContainEqual({ label: "Change or cancel your appointment", href: manage });
      expect(email.text).not.toContain("/dashboard");
    }
    // The confirmation's button adds the visit to a calendar; the reminder's, the day before, shows the way.
    expect(emailLinks(emails[0]!.html)).toContainEqual({ label: "Add to calendar", href: calendar });
    expect(emails[0]!.text).toContain(`Add to calendar: ${calendar}`);
    expect(emailLinks(emails[1]!.html)).toContainEqual({ label: "Get directions", href: mapsSearchUrl });

    const sent = await appointmentOutbox("Exact Requests");
    expect(sent.filter((row) => row.channel === "sms").map((row) => row.provider_id)).toEqual([
      expect.stringMatching(/^SM[0-9a-f]{32}$/),
      expect.stringMatching(/^SM[0-9a-f]{32}$/),
    ]);
  });

  it("escapes what the visitor typed in the e-mail, and puts none of it in a text", async () => {
    const name = `<b>Bold</b> & "Quoted" ${crypto.randomUUID().slice(0, 6)}`;
    await bookWithEverything(name);
    const outbox = await appointmentOutbox(name);
    const fetchSpy = stubProviders();
    for (const row of outbox.filter((row) => row.kind === "booking-confirmation")) {
      await deliverOutboxMessage(env, row.id, senders());
    }
    const [email] = sentEmails(fetchSpy);
    expect(email!.html).toContain("Hi &lt;b&gt;Bold&lt;/b&gt; &amp; &quot;Quoted&quot;");
    expect(email!.html).not.toContain("<b>Bold");
    expect(sentTexts(fetchSpy)[0]!.params.Body).not.toContain("Bold");
  });

  it("without e-mail or the text box, queues only the staff e-mail", async () => {
    const response = await book({ name: "Messages None", phone: newPhone(), service: "Repair", date: freeWeekday(), time: "12:00 PM" });
    expect(response.status).toBe(302);
    expect((await appointmentOutbox("Messages None")).map((row) => row.kind)).toEqual(["appointment"]);
    const { id } = await appointmentNamed("Messages None");
    expect(await rows("SELECT id FROM consent_records WHERE appointment_id = ?", id)).toEqual([]);
  });

  it("refuses the text box with a number texts can't reach, and a malformed e-mail, next to the field", async () => {
    // A number the form accepts (E.164 abroad) that texts cannot reach: the store texts US and Canadian numbers.
    const shortNumber = await book({ name: "Messages Short", phone: "+44 20 7946 0958", service: "Repair", date: freeWeekday(), time: "1:00 PM", smsConsent: "on" });
    expect(shortNumber.status).toBe(400);
    expect(await textOf(shortNumber)).toContain(SMS_PHONE_MESSAGE);
    const badEmail = await book({ name: "Messages Bad Email", phone: newPhone(), service: "Repair", date: freeWeekday(), time: "1:00 PM", email: "not-an-address" });
    expect(badEmail.status).toBe(400);
    expect(await textOf(badEmail)).toContain("Enter a valid e-mail address");
    expect(await rows("SELECT id FROM appointments WHERE name IN ('Messages Short', 'Messages Bad Email')")).toEqual([]);
  });
});

describe("contact and order: \"We received your request\"", () => {
  it("e-mails the visitor that it arrived, quoting none of their words, replying to the store, with no staff link", async () => {
    const fetchSpy = stubProviders();
    const contact = await postLead("/contactus", "contact", {
      name: "Visit cheap-watches.example",
      phone: newPhone(),
      email: "asker@example.com",
      message: "Claim your prize at prize.example",
      smsConsent: "on",
    });
    expect(contact.status).toBe(302);
    const order = await postLead("/orderOnline", "order", {
      name: "Received Order",
      phone: newPhone(),
      email: "buyer@example.com",
      jewelryType: "Custom Ring",
      materialPreferences: "Platinum",
      diamondSelection: "Moissanite",
    });
    expect(order.status).toBe(302);

    const queued = await rows<{ id: number; kind: string; recipient: string }>(
      "SELECT id, kind, recipient FROM outbox WHERE kind = 'request-received' AND recipient IN ('asker@example.com', 'buyer@example.com') ORDER BY id",
    );
    expect(queued.map((row) => row.recipient)).toEqual(["asker@example.com", "buyer@example.com"]);
    for (const row of queued) expect(await deliverOutboxMessage(env, row.id, senders())).toBe("sent");

    const [toAsker, toBuyer] = sentEmails(fetchSpy);
    expect(toAsker).toMatchObject({ to: "asker@example.com", subject: "We received your request", from: { email: store.notifications.from, name: store.name } });
    expect(toBuyer).toMatchObject({ to: "buyer@example.com", subject: "We received your request" });
    for (const email of [toAsker!, toBuyer!]) {
      for (const typed of ["cheap-watches", "prize.example", "Received Order", "Custom Ring", "Platinum"]) {
        expect(email.text).not.toContain(typed);
        expect(email.html).not.toContain(typed);
      }
      expect(email.text).toContain(`We will get back to you soon`);
      expect(email.text).not.toContain("/dashboard");
      expect(email.html).not.toContain("/dashboard");
      expect(email.replyTo).toBe(store.email);
    }
  });
});

describe("the rules checked at send time", () => {
  it("never texts a number without a consent record", async () => {
    const phone = e164(newPhone());
    const { id } = (await env.DB.prepare(
      `INSERT INTO outbox (kind, record_id, recipient, subject, html, text_body, status, attempts, next_attempt_at, created_at, channel)
       VALUES ('booking-confirmation', 0, ?, '', '', 'Hello', 'pending', 0, 0, 0, 'sms') RETURNING id`,
    )
      .bind(phone)
      .first<{ id: number }>())!;
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, id, senders())).toBe("cancelled");
    expect(fetchSpy).not.toHaveBeenCalled();
    const [row] = await rows<{ status: string; last_error: string }>("SELECT status, last_error FROM outbox WHERE id = ?", id);
    expect(row).toEqual({ status: "cancelled", last_error: "Not sent: There is no text-message consent from this number given with this record." });
  });

  it(`sends at most ${messaging.automatedTextsPerNumberPerDay} automatic texts to one number in 24 hours`, async () => {
    const phone = newPhone();
    const names = ["Limit One", "Limit Two", "Limit Three", "Limit Four"];
    for (const name of names) {
      await bookWithEverything(name, { phone, email: "" });
      // Staff cancel each before the next is booked, so the booking cap (2 upcoming per phone, decision 051)
      // lets all four through; a confirmation already queued is still sent.
      await env.DB.prepare("UPDATE appointments SET status = 'cancelled' WHERE name = ?").bind(name).run();
    }
    const confirmations = [];
    for (const name of names) confirmations.push(...(await appointmentOutbox(name)).filter((row) => row.kind === "booking-confirmation"));
    const fetchSpy = stubProviders();
    const outcomes = [];
    for (const row of confirmations) outcomes.push(await deliverOutboxMessage(env, row.id, senders()));
    expect(outcomes).toEqual(["sent", "sent", "sent", "cancelled"]);
    expect(sentTexts(fetchSpy)).toHaveLength(3);
    const [fourth] = await rows<{ last_error: string }>("SELECT last_error FROM outbox WHERE id = ?", confirmations[3]!.id);
    expect(fourth!.last_error).toMatch(/^Not sent: the daily limit was reached \(3 automatic texts to this number/);
  });

  it(`stops every text once the store has sent ${messaging.storeTextsPerDay} in 24 hours`, async () => {
    await bookWithEverything("Store Cap", { email: "" });
    const [confirmation] = (await appointmentOutbox("Store Cap")).filter((row) => row.kind === "booking-confirmation");
    const now = Date.now();
    // The store's day so far: texts to other numbers, counted an hour ago.
    const filler = await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO outbox (kind, record_id, recipient, subject, html, text_body, status, attempts, next_attempt_at, created_at, channel, counted_at, sent_at)
       SELECT 'staff-text', 0, '+1901555' || printf('%04d', i), '', '', 'x', 'sent', 1, 0, ?, 'sms', ?, ? FROM n`,
    )
      .bind(messaging.storeTextsPerDay, now - HOUR, now - HOUR, now - HOUR)
      .run();
    expect(filler.meta.changes).toBe(messaging.storeTextsPerDay);
    const fetchSpy = stubProviders();
    try {
      expect(await deliverOutboxMessage(env, confirmation!.id, { ...senders(), now })).toBe("cancelled");
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      await env.DB.prepare("DELETE FROM outbox WHERE kind = 'staff-text' AND record_id = 0 AND counted_at = ?").bind(now - HOUR).run();
    }
  });

  it("holds a reminder that falls due in the quiet hours until 8 AM, without using an attempt", async () => {
    const { appointment } = await bookWithEverything("Quiet Reminder", { email: "" });
    const [reminder] = (await appointmentOutbox("Quiet Reminder")).filter((row) => row.kind === "reminder");
    // Ten at night, store time, the evening before the visit (a retry, or a late cron run).
    const evening = storeTimeToInstant(addDays(appointment.date, -1), 22);
    await env.DB.prepare("UPDATE outbox SET next_attempt_at = ? WHERE id = ?").bind(evening, reminder!.id).run();
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, reminder!.id, { ...senders(), now: evening })).toBe("deferred");
    expect(fetchSpy).not.toHaveBeenCalled();
    const [row] = await rows<{ status: string; attempts: number; next_attempt_at: number }>(
      "SELECT status, attempts, next_attempt_at FROM outbox WHERE id = ?",
      reminder!.id,
    );
    expect(row).toEqual({ status: "pending", attempts: 0, next_attempt_at: storeTimeToInstant(appointment.date, 8) });
  });
});

describe("exactly once", () => {
  it("sends each confirmation once when the scheduled handler runs twice at the same moment", async () => {
    const { phone, appointment } = await bookWithEverything("Cron Twice");
    // Other tests' messages in this database are set aside, so the cron's batch is this booking's.
    await env.DB.prepare(
      "UPDATE outbox SET status = 'cancelled' WHERE status IN ('pending', 'failed') AND NOT (lead_kind = 'appointment' AND record_id = ?)",
    )
      .bind(appointment.id)
      .run();
    const fetchSpy = stubProviders();
    const cronEnv = configuredEnv();
    const contexts = [createExecutionContext(), createExecutionContext()];
    // The Worker's own cron handler, twice at once, with the providers configured.
    for (const ctx of contexts) handleScheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), cronEnv, ctx);
    await Promise.all(contexts.map((ctx) => waitOnExecutionContext(ctx)));

    expect(sentTexts(fetchSpy).filter((text) => text.params.To === e164(phone))).toHaveLength(1);
    expect(sentEmails(fetchSpy).filter((email) => email.to === "visitor@example.com" && email.text.includes("Cron Twice"))).toHaveLength(1);
    const outbox = await appointmentOutbox("Cron Twice");
    expect(outbox.filter((row) => row.kind === "booking-confirmation").map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
    // The reminders are not due yet: untouched.
    expect(outbox.filter((row) => row.kind === "reminder").map((row) => [row.status, row.attempts])).toEqual([
      ["pending", 0],
      ["pending", 0],
    ]);
  });

  it("sends a reminder once when two cron runs reach it at its time, and never again", async () => {
    const { phone } = await bookWithEverything("Reminder Twice", { email: "" });
    const [reminder] = (await appointmentOutbox("Reminder Twice")).filter((row) => row.kind === "reminder");
    const due = reminder!.next_attempt_at;
    const fetchSpy = stubProviders();
    await Promise.all([deliverDueOutbox(env, { ...senders(), now: due }), deliverDueOutbox(env, { ...senders(), now: due })]);
    // A later run (a retry of the cron) finds nothing to send.
    await deliverDueOutbox(env, { ...senders(), now: due + HOUR });
    const reminders = sentTexts(fetchSpy).filter((text) => text.params.To === e164(phone) && text.params.Body!.includes("a reminder of your"));
    expect(reminders).toHaveLength(1);
    expect((await appointmentOutbox("Reminder Twice")).find((row) => row.kind === "reminder")).toMatchObject({ status: "sent", attempts: 1 });
  });
});

describe("staff texts from the record page", () => {
  async function recordOf(name: string, overrides: Record<string, string> = {}) {
    const { phone, appointment } = await bookWithEverything(name, overrides);
    return { phone, path: `/dashboard/appointments/${appointment.id}`, cookie: await signIn(await createStaff()) };
  }

  it("texts a consenting number once per form, with the store's name appended, and shows it on the record's history", async () => {
    const { phone, path, cookie } = await recordOf("Staff Text Sent");
    const page = await textOf(await getWithCookie(path, cookie));
    expect(page).toContain(`Text to ${phone}`);
    expect(page).not.toContain("Texting is off");

    const fields = { intent: "text", formId: crypto.randomUUID(), message: "Your ring is sized and ready for pickup." };
    const sent = await postWithCookie(path, fields, cookie);
    expect(sent.status).toBe(302);
    // A double click posts the same form again: still one text.
    expect((await postWithCookie(path, fields, cookie)).status).toBe(302);
    const staffTexts = (await appointmentOutbox("Staff Text Sent")).filter((row) => row.kind === "staff-text");
    expect(staffTexts).toHaveLength(1);

    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, staffTexts[0]!.id, { ...senders(), now: nextStoreNoon() })).toBe("sent");
    expect(sentTexts(fetchSpy).map((text) => text.params)).toEqual([
      { To: e164(phone), From: TWILIO.from, Body: `Your ring is sized and ready for pickup.\n${store.name}`, StatusCallback: siteUrl("/sms/status") },
    ]);

    // A reply from the visitor shows on the same history.
    expect((await inboundText({ From: e164(phone), Body: "Thanks, see you Saturday" })).response.status).toBe(200);
    const history = await textOf(await getWithCookie(path, cookie));
    expect(history).toContain("Your ring is sized and ready for pickup.");
    expect(history).toContain("Thanks, see you Saturday");
  });

  it("is disabled, saying why, without consent or after STOP, and a post anyway is refused with 409 and queues nothing", async () => {
    const noConsent = await recordOf("Staff Text No Consent", { smsConsent: "" });
    expect(await textOf(await getWithCookie(noConsent.path, noConsent.cookie))).toContain("Texting is off: There is no text-message consent from this number given with this record.");
    const refused = await postWithCookie(noConsent.path, { intent: "text", formId: crypto.randomUUID(), message: "Hello" }, noConsent.cookie);
    expect(refused.status).toBe(409);
    expect((await appointmentOutbox("Staff Text No Consent")).filter((row) => row.kind === "staff-text")).toEqual([]);

    const stopped = await recordOf("Staff Text Stopped");
    expect((await inboundText({ From: e164(stopped.phone), Body: "STOP" })).response.status).toBe(200);
    expect(await textOf(await getWithCookie(stopped.path, stopped.cookie))).toContain("Texting is off: This number replied STOP and is on the opt-out list.");
    const afterStop = await postWithCookie(stopped.path, { intent: "text", formId: crypto.randomUUID(), message: "Hello" }, stopped.cookie);
    expect(afterStop.status).toBe(409);
    expect((await appointmentOutbox("Staff Text Stopped")).filter((row) => row.kind === "staff-text")).toEqual([]);
  });

  it(`refuses an empty text or one over ${messaging.staffTextMaxLength} characters with 400, next to the field`, async () => {
    const { path, cookie } = await recordOf("Staff Text Long");
    for (const [message, error] of [
      ["", "Write the text first."],
      ["x".repeat(messaging.staffTextMaxLength + 1), `Keep the text to ${messaging.staffTextMaxLength} characters or fewer.`],
    ] as const) {
      const response = await postWithCookie(path, { intent: "text", formId: crypto.randomUUID(), message }, cookie);
      expect(response.status).toBe(400);
      expect(await textOf(response)).toContain(error);
    }
    expect((await appointmentOutbox("Staff Text Long")).filter((row) => row.kind === "staff-text")).toEqual([]);
  });
});

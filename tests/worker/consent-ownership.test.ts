// Consent belongs to whoever gave it (decision 135): a text about a record relies
// on the consent given with that record, and promotions start only once the
// number itself replied YES to the text that asks it to.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../app/core/slots";
import { storeDate, storeTimeToInstant } from "../../app/core/store-time";
import { getDb } from "../../app/db/client.server";
import { deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { textPermission } from "../../app/messaging/text-permission.server";
import { createStaff, signIn } from "./helpers";
import { getWithCookie, postWithCookie } from "./dashboard-helpers";
import { freeWeekday, postLead, rows, textOf } from "./lead-helpers";
import { appointmentNamed, book, inboundText, nextStoreNoon, promote, senders, sentTexts, stubProviders } from "./message-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

let phoneCounter = 0;
/** A number of this file's own, typed as a visitor would, and as stored. */
function newPhone() {
  const digits = `901556${String(1000 + ++phoneCounter)}`;
  return { typed: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, e164: `+1${digits}` };
}

const contactFields = (name: string, phone: string, extra: Record<string, string> = {}) => ({
  name,
  phone,
  email: "stranger@example.com",
  message: "Please text me your offers.",
  smsConsent: "on",
  ...extra,
});

async function contactNamed(name: string) {
  const [row] = await rows<{ id: number }>("SELECT id FROM contact_messages WHERE name = ?", name);
  return row!;
}

/** The outbox rows of one kind to a number, oldest first. */
function outboxTo(kind: string, phone: string) {
  return rows<{ id: number; status: string; last_error: string | null; text_body: string }>(
    "SELECT id, status, last_error, text_body FROM outbox WHERE kind = ? AND recipient = ? ORDER BY id",
    kind,
    phone,
  );
}

/** Delivers each queued row of `kind` to `phone` at noon; what Twilio was asked to send. */
async function deliverAll(kind: string, phone: string) {
  const fetchSpy = stubProviders();
  for (const row of await outboxTo(kind, phone)) await deliverOutboxMessage(env, row.id, { ...senders(), now: nextStoreNoon() });
  vi.restoreAllMocks();
  return sentTexts(fetchSpy).map((text) => text.params.Body);
}

describe("a stranger who types someone else's number", () => {
  it("makes neither her booking textable nor her number's promotions: only the stranger's own message is", async () => {
    const phone = newPhone();
    // She books without ticking the text box.
    const visit = { name: "Consent Owner", phone: phone.typed, service: "Repair", date: freeWeekday(), time: "11:00 AM", email: "owner@example.com" };
    expect((await book(visit)).status).toBe(302);
    const appointment = await appointmentNamed("Consent Owner");
    // A stranger sends the contact form with her number and ticks both boxes.
    expect((await postLead("/contactus", "contact", contactFields("Consent Stranger", phone.typed, { promoConsent: "on" }))).status).toBe(302);
    const contact = await contactNamed("Consent Stranger");

    // Her booking still cannot be texted: the page says why, and a post anyway queues nothing.
    const cookie = await signIn(await createStaff());
    const path = `/dashboard/appointments/${appointment.id}`;
    expect(await textOf(await getWithCookie(path, cookie))).toContain("Texting is off: There is no text-message consent from this number given with this record.");
    const refused = await postWithCookie(path, { intent: "text", formId: crypto.randomUUID(), message: "Hello" }, cookie);
    expect(refused.status).toBe(409);
    expect(await outboxTo("staff-text", phone.e164)).toEqual([]);
    // The outbox checks the same at send time, whatever queued the text.
    const { id } = (await env.DB.prepare(
      `INSERT INTO outbox (kind, record_id, lead_kind, recipient, subject, html, text_body, status, attempts, next_attempt_at, created_at, channel)
       VALUES ('reminder', ?, 'appointment', ?, '', '', 'Reminder', 'pending', 0, 0, 0, 'sms') RETURNING id`,
    )
      .bind(appointment.id, phone.e164)
      .first<{ id: number }>())!;
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, id, { ...senders(), now: nextStoreNoon() })).toBe("cancelled");
    expect(sentTexts(fetchSpy)).toEqual([]);
    vi.restoreAllMocks();
    expect(await rows("SELECT last_error FROM outbox WHERE id = ?", id)).toEqual([
      { last_error: "Not sent: There is no text-message consent from this number given with this record." },
    ]);

    // The stranger's own message may be answered by text: that consent came with it.
    const db = getDb(env);
    expect(await textPermission(db, phone.e164, { purpose: "transactional", record: { kind: "contact", id: contact.id } })).toEqual({ ok: true, phone: phone.e164 });
    expect(await textPermission(db, phone.e164, { purpose: "transactional", record: { kind: "appointment", id: appointment.id } })).toMatchObject({ ok: false, reason: "no-consent" });

    // No promotional consent stands for the number: a request waits for its YES, and a promotion is refused.
    expect(await rows("SELECT confirmed_at FROM consent_records WHERE phone = ? AND purpose = 'promotional'", phone.e164)).toEqual([{ confirmed_at: null }]);
    expect(await textPermission(db, phone.e164, { purpose: "promotional" })).toMatchObject({ ok: false, reason: "no-promo-consent" });
    expect(await promote(phone.e164)).toMatchObject({ outcome: "cancelled", texts: [] });
  });
});

describe("promotions by double opt-in", () => {
  it("asks the number once to reply YES, and sends offers only after it does, with one welcome", async () => {
    const phone = newPhone();
    expect((await postLead("/contactus", "contact", contactFields("Promo Asker", phone.typed, { promoConsent: "on" }))).status).toBe(302);
    const asked = await deliverAll("promo-confirmation", phone.e164);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("reply YES to get offers and promotions by text, up to 4 a month");
    expect(asked[0]).toContain("Reply HELP for help, STOP to opt out.");

    // A YES from another number confirms nothing here.
    expect((await inboundText({ From: newPhone().e164, Body: "YES" })).response.status).toBe(200);
    expect(await promote(phone.e164)).toMatchObject({ outcome: "cancelled", texts: [] });

    // Her YES confirms it, with the reply's id, and is answered once, a retried webhook included.
    const yes = await inboundText({ From: phone.e164, Body: " yes " });
    expect(yes.response.status).toBe(200);
    const confirmed = await rows<{ confirmation_sid: string; confirmed_at: number | null }>(
      "SELECT confirmation_sid, confirmed_at FROM consent_records WHERE phone = ? AND purpose = 'promotional'",
      phone.e164,
    );
    expect(confirmed).toMatchObject([{ confirmation_sid: yes.messageSid }]);
    expect(confirmed[0]!.confirmed_at).toBeGreaterThan(0);
    expect((await inboundText({ From: phone.e164, Body: "YES", MessageSid: yes.messageSid })).response.status).toBe(200);
    const welcome = await deliverAll("promo-welcome", phone.e164);
    expect(welcome).toEqual([expect.stringContaining("you're signed up for offers by text")]);
    expect(await outboxTo("promo-welcome", phone.e164)).toHaveLength(1);

    const sent = await promote(phone.e164, "Holiday offer: 10% off");
    expect(sent.outcome).toBe("sent");
    expect(sent.texts.map((text) => text.params.Body)).toEqual(["Holiday offer: 10% off"]);

    // STOP still stops everything.
    expect((await inboundText({ From: phone.e164, Body: "STOP" })).response.status).toBe(200);
    expect(await promote(phone.e164)).toMatchObject({ outcome: "cancelled", texts: [] });
  });

  it("sends the request to confirm at most once a week to a number, however often a form asks", async () => {
    const phone = newPhone();
    for (const name of ["Promo Repeat 1", "Promo Repeat 2", "Promo Repeat 3"]) {
      expect((await postLead("/contactus", "contact", contactFields(name, phone.typed, { promoConsent: "on" }))).status).toBe(302);
    }
    expect(await deliverAll("promo-confirmation", phone.e164)).toHaveLength(1);
    expect((await outboxTo("promo-confirmation", phone.e164)).map((row) => [row.status, row.last_error])).toEqual([
      ["sent", null],
      ["cancelled", "Not sent: one went to this number in the last 7 days, or the daily limit was reached."],
      ["cancelled", "Not sent: one went to this number in the last 7 days, or the daily limit was reached."],
    ]);
  });

  it("does not take a YES from a number that was never sent the request", async () => {
    const phone = newPhone();
    expect((await postLead("/contactus", "contact", contactFields("Promo Unsent", phone.typed, { promoConsent: "on" }))).status).toBe(302);
    // The request is still in the outbox (no provider yet): a YES cannot be an answer to it.
    expect((await inboundText({ From: phone.e164, Body: "YES" })).response.status).toBe(200);
    expect(await rows("SELECT confirmed_at FROM consent_records WHERE phone = ? AND purpose = 'promotional'", phone.e164)).toEqual([{ confirmed_at: null }]);
    expect(await outboxTo("promo-welcome", phone.e164)).toEqual([]);
  });

  it("holds the request to confirm through the quiet hours", async () => {
    const phone = newPhone();
    expect((await postLead("/contactus", "contact", contactFields("Promo Night", phone.typed, { promoConsent: "on" }))).status).toBe(302);
    const [row] = await outboxTo("promo-confirmation", phone.e164);
    const tomorrow = addDays(storeDate(), 1);
    const night = storeTimeToInstant(tomorrow, 22, 30);
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, row!.id, { ...senders(), now: night })).toBe("deferred");
    expect(sentTexts(fetchSpy)).toEqual([]);
    const [held] = await rows<{ status: string; next_attempt_at: number }>("SELECT status, next_attempt_at FROM outbox WHERE id = ?", row!.id);
    // Held until 8 AM the next morning.
    expect(held).toEqual({ status: "pending", next_attempt_at: storeTimeToInstant(addDays(tomorrow, 1), 8) });
  });
});

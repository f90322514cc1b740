import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { siteUrl, store } from "../../app/config/store";
import { deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { keywordOf } from "../../app/messaging/sms-inbound.server";
import { SMS_WEBHOOK_PATH } from "../../app/messaging/twilio.server";
import { ORIGIN } from "./helpers";
import { freeWeekday, rows } from "./lead-helpers";
import { appointmentOutbox, book, inboundText, senders, sentTexts, stubProviders, TWILIO, twilioSignatureFor } from "./message-helpers";

// Twilio's Messaging webhook: a form post from Twilio's servers, with no Origin,
// signed with X-Twilio-Signature. Only signed requests are read; STOP, HELP and
// START change who may be texted, and the outbox honours that at send time.

afterEach(() => {
  vi.restoreAllMocks();
});

let counter = 0;
const newNumber = () => `+1901556${String(1000 + ++counter).padStart(4, "0")}`;

const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
const state = async () => ({ inbound: await count("sms_inbound"), optOuts: await count("sms_opt_outs"), outbox: await count("outbox") });

/** A booking with the text box ticked for this number; its confirmation text waits in the outbox. */
async function bookWithTexts(name: string, phone: string) {
  const response = await book({ name, phone, service: "Repair", date: freeWeekday(), time: "3:00 PM", smsConsent: "on" });
  expect(response.status).toBe(302);
  return (await appointmentOutbox(name)).filter((row) => row.channel === "sms");
}

describe("keywords", () => {
  it("are CTIA's words, whole, in any case, trimmed", () => {
    for (const word of ["STOP", "stop", " Stop ", "STOPALL", "UNSUBSCRIBE", "cancel", "END", "Quit"]) {
      expect(keywordOf(word), word).toBe("stop");
    }
    expect(keywordOf("START")).toBe("start");
    expect(keywordOf("unstop")).toBe("start");
    expect(keywordOf("help")).toBe("help");
    expect(keywordOf(" Info\n")).toBe("help");
    // Not on CTIA's list, or not the whole message.
    for (const text of ["REVOKE", "OPTOUT", "please stop texting me", "Is my ring ready?", "STOP IT"]) expect(keywordOf(text), text).toBeNull();
  });
});

describe("the inbound-text webhook", () => {
  it("STOP puts the number on the opt-out list, and a text already queued for it is never sent", async () => {
    const phone = newNumber();
    const [confirmation] = await bookWithTexts("Webhook Stop", phone);
    const { response, messageSid } = await inboundText({ From: phone, Body: "STOP" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/xml; charset=utf-8");
    expect(await response.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await rows("SELECT message_sid, from_phone, body, keyword FROM sms_inbound WHERE message_sid = ?", messageSid)).toEqual([
      { message_sid: messageSid, from_phone: phone, body: "STOP", keyword: "stop" },
    ]);
    expect(await rows("SELECT phone, action, keyword FROM sms_opt_outs WHERE phone = ?", phone)).toEqual([
      { phone, action: "stop", keyword: "STOP" },
    ]);

    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, confirmation!.id, senders())).toBe("cancelled");
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await rows("SELECT status, last_error FROM outbox WHERE id = ?", confirmation!.id)).toEqual([
      { status: "cancelled", last_error: "Not sent: This number replied STOP and is on the opt-out list." },
    ]);
  });

  it("a synonym (UNSUBSCRIBE) opts out too, and START re-subscribes", async () => {
    const phone = newNumber();
    await bookWithTexts("Webhook Start", phone);
    expect((await inboundText({ From: phone, Body: "unsubscribe" })).response.status).toBe(200);
    expect((await inboundText({ From: phone, Body: "START" })).response.status).toBe(200);
    expect(await rows("SELECT action, keyword FROM sms_opt_outs WHERE phone = ? ORDER BY id", phone)).toEqual([
      { action: "stop", keyword: "UNSUBSCRIBE" },
      { action: "start", keyword: "START" },
    ]);
    // Texting works again: the reminder goes out when it falls due.
    const [, reminder] = (await appointmentOutbox("Webhook Start")).filter((row) => row.channel === "sms");
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, reminder!.id, { ...senders(), now: reminder!.next_attempt_at })).toBe("sent");
    expect(sentTexts(fetchSpy).map((text) => text.params.To)).toEqual([phone]);
  });

  it("HELP is answered through the outbox with the store's name, phone and how to opt out", async () => {
    const phone = newNumber();
    await bookWithTexts("Webhook Help", phone);
    const { response, messageSid } = await inboundText({ From: phone, Body: "help" });
    expect(response.status).toBe(200);
    const [reply] = await rows<{ id: number; kind: string; channel: string; recipient: string; text_body: string }>(
      "SELECT o.id, o.kind, o.channel, o.recipient, o.text_body FROM outbox o JOIN sms_inbound i ON i.id = o.record_id AND o.lead_kind IS NULL WHERE i.message_sid = ?",
      messageSid,
    );
    expect(reply).toMatchObject({ kind: "help-reply", channel: "sms", recipient: phone });
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, reply!.id, senders())).toBe("sent");
    expect(sentTexts(fetchSpy).map((text) => text.params)).toEqual([
      {
        To: phone,
        From: TWILIO.from,
        Body: `${store.name}: for help call ${store.phone.display} or e-mail ${store.email}. Reply STOP to opt out.`,
        StatusCallback: siteUrl("/sms/status"),
      },
    ]);
  });

  /** The replies the outbox holds for this number, by kind, in queue order. */
  const repliesTo = (phone: string) =>
    rows<{ id: number; kind: string; status: string }>(
      "SELECT id, kind, status FROM outbox WHERE channel = 'sms' AND recipient = ? AND lead_kind IS NULL ORDER BY id",
      phone,
    );

  it("answers HELP and STOP from a number that never agreed to texts, once a day each (CTIA)", async () => {
    const phone = newNumber();
    const fetchSpy = stubProviders();
    expect((await inboundText({ From: phone, Body: " Info " })).response.status).toBe(200);
    expect((await inboundText({ From: phone, Body: "HELP" })).response.status).toBe(200);
    expect((await inboundText({ From: phone, Body: "stop" })).response.status).toBe(200);
    expect((await inboundText({ From: phone, Body: "QUIT" })).response.status).toBe(200);
    const replies = await repliesTo(phone);
    expect(replies.map((reply) => reply.kind)).toEqual(["help-reply", "stop-reply"]);
    for (const reply of replies) expect(await deliverOutboxMessage(env, reply.id, senders())).toBe("sent");
    expect(sentTexts(fetchSpy).map((text) => [text.params.To, text.params.Body])).toEqual([
      [phone, `${store.name}: for help call ${store.phone.display} or e-mail ${store.email}. Reply STOP to opt out.`],
      [phone, `${store.name}: you are unsubscribed and will get no more texts from us. Reply START to resubscribe.`],
    ]);
    // Opted out now, HELP is still answered the next day; nothing else is sent to the number.
    await env.DB.prepare("UPDATE outbox SET created_at = created_at - 86400001 WHERE recipient = ?").bind(phone).run();
    await inboundText({ From: phone, Body: "help" });
    const [, , nextDay] = await repliesTo(phone);
    expect(nextDay).toMatchObject({ kind: "help-reply" });
    expect(await deliverOutboxMessage(env, nextDay!.id, senders())).toBe("sent");
  });

  it("answers the keywords past the daily limit of automatic texts, and still texts nothing else without consent", async () => {
    const phone = newNumber();
    const fetchSpy = stubProviders();
    const now = Date.now();
    // Three automatic texts already counted today: the limit is reached for anything but a keyword's answer.
    for (let sent = 0; sent < 3; sent++) {
      await env.DB.prepare(
        `INSERT INTO outbox (kind, record_id, recipient, subject, html, text_body, status, attempts, next_attempt_at, created_at, channel, counted_at)
         VALUES ('booking-confirmation', 0, ?, '', '', 'x', 'sent', 1, ?, ?, 'sms', ?)`,
      )
        .bind(phone, now, now, now)
        .run();
    }
    await inboundText({ From: phone, Body: "HELP" });
    const [help] = (await repliesTo(phone)).filter((reply) => reply.kind === "help-reply");
    expect(await deliverOutboxMessage(env, help!.id, senders())).toBe("sent");
    expect(sentTexts(fetchSpy)).toHaveLength(1);

    const { id } = (await env.DB.prepare(
      `INSERT INTO outbox (kind, record_id, recipient, subject, html, text_body, status, attempts, next_attempt_at, created_at, channel)
       VALUES ('booking-confirmation', 0, ?, '', '', 'Hello', 'pending', 0, 0, 0, 'sms') RETURNING id`,
    )
      .bind(phone)
      .first<{ id: number }>())!;
    expect(await deliverOutboxMessage(env, id, senders())).toBe("cancelled");
    expect(sentTexts(fetchSpy)).toHaveLength(1);
  });

  it("stores a text Twilio retries (same MessageSid) once, and opts out once", async () => {
    const phone = newNumber();
    const first = await inboundText({ From: phone, Body: "STOP" });
    const retry = await inboundText({ From: phone, Body: "STOP", MessageSid: first.messageSid });
    expect(retry.response.status).toBe(200);
    expect(await rows("SELECT id FROM sms_inbound WHERE message_sid = ?", first.messageSid)).toHaveLength(1);
    expect(await rows("SELECT id FROM sms_opt_outs WHERE phone = ?", phone)).toHaveLength(1);
  });

  it("refuses a forged signature with 403 and stores nothing", async () => {
    const phone = newNumber();
    const before = await state();
    const cases = [
      await inboundText({ From: phone, Body: "STOP" }, { signature: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=" }),
      await inboundText({ From: phone, Body: "STOP" }, { signature: "not base64 at all" }),
      await inboundText({ From: phone, Body: "STOP" }, { signature: "" }),
    ];
    // Signed for other parameters than those sent: a changed Body.
    const genuine = await inboundText({ From: newNumber(), Body: "hello" });
    expect(genuine.response.status).toBe(200);
    const afterGenuine = await state();
    const tampered = await SELF.fetch(`${ORIGIN}${SMS_WEBHOOK_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": "x".repeat(27) + "=" },
      body: new URLSearchParams({ From: phone, Body: "STOP", MessageSid: `SM${"a".repeat(32)}`, To: TWILIO.from }),
    });
    for (const { response } of cases) expect(response.status).toBe(403);
    expect(tampered.status).toBe(403);
    expect(afterGenuine.inbound - before.inbound).toBe(1);
    expect(await state()).toEqual(afterGenuine);
    expect(await rows("SELECT id FROM sms_opt_outs WHERE phone = ?", phone)).toEqual([]);
  });

  it("accepts only the URL Twilio signed: the same request signed for another path is refused", async () => {
    const before = await state();
    const { response } = await inboundText({ From: newNumber(), Body: "STOP" }, { path: SMS_WEBHOOK_PATH, extra: {} });
    expect(response.status).toBe(200);
    const url = `${ORIGIN}${SMS_WEBHOOK_PATH}`;
    const params = { From: newNumber(), Body: "STOP", MessageSid: `SM${"b".repeat(32)}`, To: TWILIO.from };
    const signedElsewhere = await twilioSignatureFor(`${url}?x=1`, params);
    const refused = await SELF.fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signedElsewhere },
      body: new URLSearchParams(params),
    });
    expect(refused.status).toBe(403);
    expect((await state()).inbound - before.inbound).toBe(1);
  });

  it("refuses a signed request without the fields a text has with 400, and stores nothing", async () => {
    const before = await state();
    const { response } = await inboundText({ From: "not-a-number", Body: "STOP" });
    expect(response.status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it("is the only path the origin guard lets through: other form posts without an Origin still get 403", async () => {
    const response = await SELF.fetch(`${ORIGIN}/contactus`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": "x" },
      body: new URLSearchParams({ name: "No Origin" }),
    });
    expect(response.status).toBe(403);
    // The path is exact: a different spelling is guarded like any page.
    const otherSpelling = await SELF.fetch(`${ORIGIN}/SMS/inbound`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ Body: "STOP" }),
    });
    expect(otherSpelling.status).toBe(403);
    expect(await otherSpelling.text()).toBe("This form must be sent from this website.");
  });

  it("refuses everything while TWILIO_AUTH_TOKEN is unset: it cannot check signatures", async () => {
    const { receiveText } = await import("../../app/messaging/sms-inbound.server");
    const request = new Request(`${ORIGIN}${SMS_WEBHOOK_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": "x" },
      body: new URLSearchParams({ From: newNumber(), Body: "STOP" }),
    });
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await receiveText(request, { ...env, TWILIO_AUTH_TOKEN: "" }, ctx)).status).toBe(403);
  });
});

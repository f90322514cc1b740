import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { siteUrl } from "../../app/config/store";
import { deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { SMS_STATUS_PATH } from "../../app/messaging/twilio.server";
import { getWithCookie } from "./dashboard-helpers";
import { createStaff, ORIGIN, signIn } from "./helpers";
import { freeWeekday, rows, textOf } from "./lead-helpers";
import { appointmentNamed, appointmentOutbox, book, senders, sentTexts, stubProviders, TWILIO, twilioSignatureFor } from "./message-helpers";

// What became of a sent text: every text names the status webhook as its
// StatusCallback, Twilio posts the outcome there signed with X-Twilio-Signature,
// and the record page shows it (docs/decisions/082). Only fetch to Twilio's
// Messages API is faked; the webhook, D1 and the record page are real.

afterEach(() => {
  vi.restoreAllMocks();
});

let counter = 0;
const newPhone = () => `(901) 557-${String(1000 + ++counter).padStart(4, "0")}`;
const statusUrl = `${ORIGIN}${SMS_STATUS_PATH}`;

/** A status callback as Twilio posts it: a form with no Origin, signed over the URL and every parameter. */
async function report(fields: Record<string, string>, { signature }: { signature?: string } = {}) {
  const params = { AccountSid: TWILIO.accountSid, From: TWILIO.from, To: "+19015550000", ApiVersion: "2010-04-01", ...fields };
  return SELF.fetch(statusUrl, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8",
      "X-Twilio-Signature": signature ?? (await twilioSignatureFor(statusUrl, params)),
      "User-Agent": "TwilioProxy/1.1",
    },
    body: new URLSearchParams(params),
  });
}

/** A booking with texts; its confirmation text is sent through the (faked) Messages API. */
async function sentConfirmation(name: string) {
  const response = await book({ name, phone: newPhone(), service: "Repair", date: freeWeekday(), time: "2:00 PM", smsConsent: "on" });
  expect(response.status).toBe(302);
  const confirmation = (await appointmentOutbox(name)).find((row) => row.kind === "booking-confirmation")!;
  const fetchSpy = stubProviders();
  expect(await deliverOutboxMessage(env, confirmation.id, senders())).toBe("sent");
  const [sent] = await rows<{ provider_id: string }>("SELECT provider_id FROM outbox WHERE id = ?", confirmation.id);
  const appointment = await appointmentNamed(name);
  return { id: confirmation.id, sid: sent!.provider_id, sentText: sentTexts(fetchSpy)[0]!, recordPath: `/dashboard/appointments/${appointment.id}` };
}

const deliveryOf = async (id: number) =>
  (await rows<{ delivery: string | null; delivery_error_code: number | null }>("SELECT delivery, delivery_error_code FROM outbox WHERE id = ?", id))[0];

describe("delivery reports of sent texts", () => {
  it("every text asks Twilio to report to the store's own status address", async () => {
    const { sentText } = await sentConfirmation("Delivery Callback Named");
    expect(sentText.params.StatusCallback).toBe(siteUrl("/sms/status"));
  });

  it("a delivered text says Delivered on the record page; the steps before change nothing", async () => {
    const { id, sid, recordPath } = await sentConfirmation("Delivery Delivered");
    const cookie = await signIn(await createStaff());
    expect(await textOf(await getWithCookie(recordPath, cookie))).toMatch(/Booking confirmation text to .*· Sent/);

    for (const step of ["queued", "sent"]) expect((await report({ MessageSid: sid, MessageStatus: step })).status).toBe(200);
    expect(await deliveryOf(id)).toEqual({ delivery: null, delivery_error_code: null });

    expect((await report({ MessageSid: sid, MessageStatus: "delivered" })).status).toBe(200);
    expect(await deliveryOf(id)).toEqual({ delivery: "delivered", delivery_error_code: null });
    const page = await (await getWithCookie(recordPath, cookie)).text();
    expect(await textOf(new Response(page))).toMatch(/Booking confirmation text to .*· Delivered/);
    expect(page).not.toContain("record-history__problem");
  });

  it("a text that did not arrive says why, and the first outcome stays", async () => {
    const { id, sid, recordPath } = await sentConfirmation("Delivery Landline");
    expect((await report({ MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30006" })).status).toBe(200);
    expect(await deliveryOf(id)).toEqual({ delivery: "undelivered", delivery_error_code: 30006 });
    const html = await (await getWithCookie(recordPath, await signIn(await createStaff()))).text();
    // It stands out on the page, where "Sent" and "Delivered" do not.
    expect(html).toContain('<span class="record-history__problem">Not delivered: a landline, or a number that cannot get texts</span>');

    // Twilio may repeat a report, or send a late one: what the record says does not change.
    expect((await report({ MessageSid: sid, MessageStatus: "delivered" })).status).toBe(200);
    expect((await report({ MessageSid: sid, MessageStatus: "failed", ErrorCode: "30003" })).status).toBe(200);
    expect(await deliveryOf(id)).toEqual({ delivery: "undelivered", delivery_error_code: 30006 });
  });

  it("a report about a text this site did not send changes nothing", async () => {
    const before = await rows("SELECT id, delivery FROM outbox ORDER BY id");
    const response = await report({ MessageSid: `SM${"ab".repeat(16)}`, MessageStatus: "delivered" });
    expect(response.status).toBe(200);
    expect(await rows("SELECT id, delivery FROM outbox ORDER BY id")).toEqual(before);
  });

  it("refuses, changing nothing, what Twilio did not sign or what is not a report", async () => {
    const { id, sid } = await sentConfirmation("Delivery Hostile");
    const fields = { MessageSid: sid, MessageStatus: "delivered" };
    const otherFields = await twilioSignatureFor(statusUrl, { ...fields, MessageStatus: "sent" });
    const cases: [string, () => Promise<Response>, number][] = [
      ["no signature", () => report(fields, { signature: "" }), 403],
      ["a forged signature", () => report(fields, { signature: btoa("forged-signature-20b") }), 403],
      ["a genuine signature over other parameters", () => report(fields, { signature: otherFields }), 403],
      ["a Message SID that is not one", () => report({ ...fields, MessageSid: "SM'; DROP TABLE outbox; --" }), 400],
      ["no status", () => report({ MessageSid: sid }), 400],
      ["a status that is not a word", () => report({ ...fields, MessageStatus: "<b>delivered</b>" }), 400],
      [
        "a post from another site's page",
        () =>
          SELF.fetch(statusUrl, {
            method: "POST",
            headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields),
          }),
        403,
      ],
      [
        "JSON instead of a form",
        () => SELF.fetch(statusUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(fields) }),
        415,
      ],
    ];
    for (const [name, send, status] of cases) {
      const response = await send();
      expect(response.status, name).toBe(status);
      await response.arrayBuffer();
    }
    expect(await deliveryOf(id)).toEqual({ delivery: null, delivery_error_code: null });
    // GET changes nothing either: the webhook only takes posts.
    const get = await SELF.fetch(`${statusUrl}?MessageSid=${sid}&MessageStatus=delivered`);
    expect(get.status).toBeGreaterThanOrEqual(400);
    await get.arrayBuffer();
    expect(await deliveryOf(id)).toEqual({ delivery: null, delivery_error_code: null });
  });
});

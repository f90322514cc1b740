// Every path that texts a customer, at 10:30 PM store time on the two nights of
// 2026 the clocks change (issue 37). The texts the site sends on a timer wait for
// the end of the quiet hours (9 PM to 8 AM, decision 066): the repair's "ready"
// text and the visit's reminder. What answers the person's own action just now
// goes at once: the answer to HELP or STOP, which CTIA asks of every sender
// (decision 068), and the confirmation of a booking or a cancel, also when staff
// cancel the visit (it may be the next morning). A text staff write waits for the
// morning like the timed ones (decision 136). The review request after a visit waits
// longer, for 11 AM (decision 146; more in review-requests.test.ts).
// The Worker's requests run at that hour by `setStoreClock`, the outbox by its
// `now` (tests/worker/store-clock.ts); Twilio is faked where it is reached.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { formatCalendarDay, storeTimeToInstant } from "../../app/core/store-time";
import { manageToken } from "../../app/leads/manage-token.server";
import { createStaff, postForm, signIn } from "./helpers";
import { postWithCookie } from "./dashboard-helpers";
import { rows, uniqueIp } from "./lead-helpers";
import { appointmentNamed, appointmentOutbox, book, inboundText } from "./message-helpers";
import { logRepair, readyMessages, setStatus, uniquePhone } from "./repair-helpers";
import { deliverAt, expectHeldUntilMorning, expectSentAtOnce, QUIET_NIGHTS, setStoreClock, useRealClock } from "./store-clock";

afterEach(() => {
  useRealClock();
});

const e164 = (phone: string) => `+1${phone.replace(/\D/g, "")}`;

/** A visit on the morning after `night`, booked at 10:30 PM with texts ticked; its texts in the outbox. */
async function bookTonight(name: string, morning: string, time: string) {
  const phone = uniquePhone();
  const response = await book({ name, phone, service: "Repair", date: morning, time, smsConsent: "on" });
  expect(response.status, await response.clone().text()).toBe(302);
  const texts = (await appointmentOutbox(name)).filter((row) => row.channel === "sms");
  return { phone, texts, appointment: await appointmentNamed(name) };
}

/** The outbox's answer of this kind to a received text, by the text's Message SID (a repair's rows have no lead kind either). */
async function answerTo(messageSid: string, kind: string) {
  const [answer] = await rows<{ id: number }>(
    "SELECT o.id FROM outbox o JOIN sms_inbound i ON i.id = o.record_id AND o.lead_kind IS NULL AND o.kind = ? WHERE i.message_sid = ?",
    kind,
    messageSid,
  );
  expect(answer, `no ${kind}`).toBeDefined();
  return answer!;
}

for (const night of QUIET_NIGHTS) {
  describe(`at 10:30 PM on ${night.name}`, () => {
    it("a repair set ready for pickup is texted at 8 AM, not before", async () => {
      setStoreClock(night.lateEvening);
      const cookie = await signIn(await createStaff());
      const { repair } = await logRepair(cookie, { textConsent: "on" });
      expect((await setStatus(cookie, repair, "ready")).status).toBe(302);
      const [text, ...others] = await readyMessages(repair.id);
      expect(others).toEqual([]);

      const sent = await expectHeldUntilMorning(text!.id, night);
      expect(sent.params).toMatchObject({ To: repair.phone, Body: text!.text_body });
      expect(sent.params.Body).toContain(`your repair ${repair.ticket} is ready for pickup`);
    });

    it("a repair picked up is asked for a review at 11 AM the next day, not at 8 AM", async () => {
      setStoreClock(night.lateEvening);
      const cookie = await signIn(await createStaff());
      const { repair } = await logRepair(cookie, { textConsent: "on" });
      expect((await setStatus(cookie, repair, "picked_up")).status).toBe(302);
      const [request, ...others] = await rows<{ id: number; next_attempt_at: number }>(
        "SELECT id, next_attempt_at FROM outbox WHERE kind = 'review-request' AND lead_kind IS NULL AND record_id = ?",
        repair.id,
      );
      expect(others).toEqual([]);
      const eleven = storeTimeToInstant(night.morning, 11);
      expect(request!.next_attempt_at).toBe(eleven);
      await env.DB.prepare("UPDATE outbox SET next_attempt_at = ? WHERE id = ?").bind(night.quietHoursEnd, request!.id).run();
      expect(await deliverAt(request!.id, night.quietHoursEnd)).toEqual({ outcome: "deferred", texts: [] });
      const sent = await deliverAt(request!.id, eleven);
      expect(sent.outcome).toBe("sent");
      expect(sent.texts[0]!.params).toMatchObject({ To: repair.phone });
    });

    it("a visit booked for the next morning is confirmed at once, and reminded at 8 AM, not before", async () => {
      const name = `Quiet Booking ${night.morning}`;
      setStoreClock(night.lateEvening);
      const { phone, texts, appointment } = await bookTonight(name, night.morning, "11:00 AM");
      expect(texts.map((row) => row.kind)).toEqual(["booking-confirmation", "reminder"]);
      const [confirmation, reminder] = texts;

      // The visitor just booked: the confirmation answers that, whatever the hour.
      const confirmed = await expectSentAtOnce(confirmation!.id, night);
      expect(confirmed.params).toMatchObject({ To: e164(phone) });
      expect(confirmed.params.Body).toContain(`you're booked for Repair on ${formatCalendarDay(night.morning)} at 11:00 AM`);

      const reminded = await expectHeldUntilMorning(reminder!.id, night);
      expect(reminded.params).toMatchObject({ To: e164(phone) });
      expect(reminded.params.Body).toContain(`a reminder of your Repair on ${formatCalendarDay(night.morning)} at 11:00 AM`);
      expect(night.quietHoursEnd).toBeLessThan(appointment.starts_at);
    });

    it("a text staff write on the record page waits for 8 AM", async () => {
      const name = `Quiet Staff Text ${night.morning}`;
      setStoreClock(night.lateEvening);
      const { phone, appointment } = await bookTonight(name, night.morning, "1:00 PM");
      const cookie = await signIn(await createStaff());
      const form = { intent: "text", formId: crypto.randomUUID(), message: "We found your earring back; it is at the counter." };
      const saved = await postWithCookie(`/dashboard/appointments/${appointment.id}`, form, cookie);
      expect(saved.status).toBe(302);
      const [staffText] = (await appointmentOutbox(name)).filter((row) => row.kind === "staff-text");

      const sent = await expectHeldUntilMorning(staffText!.id, night);
      expect(sent.params).toMatchObject({ To: e164(phone) });
      expect(sent.params.Body).toMatch(/^We found your earring back; it is at the counter\.\n/);
    });

    it("a visit the visitor cancels through their link is confirmed at once", async () => {
      const name = `Quiet Visitor Cancel ${night.morning}`;
      setStoreClock(night.lateEvening);
      const { phone, appointment } = await bookTonight(name, night.morning, "2:00 PM");
      const path = `/appointment/${await manageToken(env, appointment.reference)}`;
      const current = `${appointment.date} ${appointment.time}`;
      expect((await postForm(path, { intent: "cancel", current }, { "CF-Connecting-IP": uniqueIp() })).status).toBe(302);
      const [cancelled] = (await appointmentOutbox(name)).filter((row) => row.kind === "cancellation-confirmation" && row.channel === "sms");

      const sent = await expectSentAtOnce(cancelled!.id, night);
      expect(sent.params).toMatchObject({ To: e164(phone) });
      expect(sent.params.Body).toContain(`your Repair on ${formatCalendarDay(night.morning)} at 2:00 PM is cancelled`);
    });

    it("a visit staff cancel on its record: the visitor is told at once", async () => {
      const name = `Quiet Staff Cancel ${night.morning}`;
      setStoreClock(night.lateEvening);
      const { phone, appointment } = await bookTonight(name, night.morning, "3:00 PM");
      const cookie = await signIn(await createStaff());
      const form = { intent: "status", version: "1", status: "cancelled" };
      expect((await postWithCookie(`/dashboard/appointments/${appointment.id}`, form, cookie)).status).toBe(302);
      const [cancelled] = (await appointmentOutbox(name)).filter((row) => row.kind === "cancellation-confirmation" && row.channel === "sms");

      const sent = await expectSentAtOnce(cancelled!.id, night);
      expect(sent.params).toMatchObject({ To: e164(phone) });
      expect(sent.params.Body).toContain(`your Repair on ${formatCalendarDay(night.morning)} at 3:00 PM is cancelled`);
    });

    it("HELP and STOP are answered at once (CTIA)", async () => {
      setStoreClock(night.lateEvening);
      const phone = e164(uniquePhone());
      for (const [keyword, kind, words] of [
        ["HELP", "help-reply", "for help call"],
        ["STOP", "stop-reply", "you are unsubscribed"],
      ] as const) {
        const { response, messageSid } = await inboundText({ From: phone, Body: keyword });
        expect(response.status).toBe(200);
        const answer = await answerTo(messageSid, kind);
        const sent = await expectSentAtOnce(answer.id, night);
        expect(sent.params).toMatchObject({ To: phone });
        expect(sent.params.Body).toContain(words);
      }
    });
  });
}

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { purgeExpiredRecords, RETENTION } from "../../app/jobs/retention.server";

const DAY = 24 * 60 * 60 * 1000;

async function insertContact(name: string, createdAt: number) {
  const row = await env.DB.prepare(
    "INSERT INTO contact_messages (name, phone, email, message, created_at) VALUES (?, '901-555-0100', 'r@example.com', 'hi', ?) RETURNING id",
  )
    .bind(name, createdAt)
    .first<{ id: number }>();
  await env.DB.prepare(
    "INSERT INTO consent_records (contact_message_id, consent_version, consent_text, ip, created_at) VALUES (?, 'v', 'text', 'local', ?)",
  )
    .bind(row!.id, createdAt)
    .run();
  return row!.id;
}

async function insertAppointment(name: string, date: string, startsAt: number) {
  await env.DB.prepare(
    "INSERT INTO appointments (name, phone, date, time, service, created_at, starts_at) VALUES (?, '901-555-0100', ?, '11:00 AM', 'Repair', ?, ?)",
  )
    .bind(name, date, startsAt - 30 * DAY, startsAt)
    .run();
}

async function exists(sql: string, ...values: unknown[]) {
  return (await env.DB.prepare(sql).bind(...values).first()) !== null;
}

describe("retention (the privacy policy's 'How long we keep records')", () => {
  it("deletes leads, visits, e-mail copies and counters past their periods, and keeps the rest", async () => {
    const now = Date.UTC(2030, 0, 15);
    const oldContact = await insertContact("Retention Old", now - RETENTION.leadsMs - DAY);
    const recentContact = await insertContact("Retention Recent", now - RETENTION.leadsMs + DAY);
    await insertAppointment("Retention Old Visit", "2028-12-01", now - RETENTION.appointmentsMs - DAY);
    await insertAppointment("Retention Recent Visit", "2029-03-01", now - RETENTION.appointmentsMs + DAY);
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES ('retention:old', ?, 3), ('retention:new', ?, 1)")
      .bind(now - RETENTION.rateLimitsMs - 1, now)
      .run();

    // Notes and timeline lines about each contact (decision 140).
    for (const id of [oldContact, recentContact]) {
      await env.DB.batch([
        env.DB.prepare("INSERT INTO record_notes (list, record_id, body, author, created_at) VALUES ('contacts', ?, 'Called her back.', 'a@example.com', ?)").bind(id, now - DAY),
        env.DB.prepare("INSERT INTO record_events (list, record_id, kind, detail, actor, created_at) VALUES ('contacts', ?, 'status-changed', 'Done', 'a@example.com', ?)").bind(id, now - DAY),
      ]);
    }

    expect(await purgeExpiredRecords(env, now)).toBeGreaterThanOrEqual(3);

    expect(await exists("SELECT 1 FROM contact_messages WHERE id = ?", oldContact)).toBe(false);
    // Consent records outlive the message they came with (4 years: the test below).
    expect(await exists("SELECT 1 FROM consent_records WHERE contact_message_id = ?", oldContact)).toBe(true);
    expect(await exists("SELECT 1 FROM contact_messages WHERE id = ?", recentContact)).toBe(true);
    // A deleted record's notes and timeline lines go with it; a kept record keeps its own.
    expect(await exists("SELECT 1 FROM record_notes WHERE list = 'contacts' AND record_id = ?", oldContact)).toBe(false);
    expect(await exists("SELECT 1 FROM record_events WHERE list = 'contacts' AND record_id = ?", oldContact)).toBe(false);
    expect(await exists("SELECT 1 FROM record_notes WHERE list = 'contacts' AND record_id = ?", recentContact)).toBe(true);
    expect(await exists("SELECT 1 FROM record_events WHERE list = 'contacts' AND record_id = ?", recentContact)).toBe(true);
    expect(await exists("SELECT 1 FROM appointments WHERE name = 'Retention Old Visit'")).toBe(false);
    expect(await exists("SELECT 1 FROM appointments WHERE name = 'Retention Recent Visit'")).toBe(true);
    expect(await exists("SELECT 1 FROM rate_limits WHERE key = 'retention:old'")).toBe(false);
    expect(await exists("SELECT 1 FROM rate_limits WHERE key = 'retention:new'")).toBe(true);
    // Deleted leads leave the staff search index too.
    expect(await exists("SELECT 1 FROM contact_messages_search WHERE rowid = ?", oldContact)).toBe(false);
  });

  it("keeps text consent and opt-out records 4 years, independent of their lead, and a standing STOP for good", async () => {
    const now = Date.UTC(2031, 5, 1);
    const consent = (phone: string, createdAt: number) =>
      env.DB.prepare("INSERT INTO consent_records (phone, consent_version, consent_text, ip, created_at) VALUES (?, 'v', 'text', 'local', ?)")
        .bind(phone, createdAt)
        .run();
    const optOut = (phone: string, action: string, createdAt: number) =>
      env.DB.prepare("INSERT INTO sms_opt_outs (phone, action, keyword, created_at) VALUES (?, ?, ?, ?)")
        .bind(phone, action, action === "stop" ? "STOP" : "START", createdAt)
        .run();
    const past = now - RETENTION.smsConsentMs - DAY;
    const within = now - RETENTION.smsConsentMs + DAY;
    expect(RETENTION.smsConsentMs).toBeGreaterThanOrEqual(4 * 365 * DAY);
    await consent("+19015550901", past);
    await consent("+19015550902", within);
    // Opted out long ago and never came back: stays opted out.
    await optOut("+19015550903", "stop", past);
    // Opted out, then back in, both long ago: the log may go.
    await optOut("+19015550904", "stop", past - DAY);
    await optOut("+19015550904", "start", past);
    await optOut("+19015550905", "stop", within);

    await purgeExpiredRecords(env, now);

    expect(await exists("SELECT 1 FROM consent_records WHERE phone = '+19015550901'")).toBe(false);
    expect(await exists("SELECT 1 FROM consent_records WHERE phone = '+19015550902'")).toBe(true);
    expect(await exists("SELECT 1 FROM sms_opt_outs WHERE phone = '+19015550903' AND action = 'stop'")).toBe(true);
    expect(await exists("SELECT 1 FROM sms_opt_outs WHERE phone = '+19015550904'")).toBe(false);
    expect(await exists("SELECT 1 FROM sms_opt_outs WHERE phone = '+19015550905'")).toBe(true);
  });
});

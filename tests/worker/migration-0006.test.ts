import { describe, expect, it } from "vitest";
import { migrateAll, migrateUpTo, migrationDb } from "./migration-helpers";

// Migration 0006 over rows stored before it, in an empty database of its own
// (MIGRATION_TEST_DB, vitest.config.ts): migrations up to 0005 first, then
// yesterday's rows, then 0006.

const db = migrationDb;
const NOW = Date.UTC(2026, 10, 20, 18);

async function all<T>(query: string, ...params: unknown[]) {
  return (await db.prepare(query).bind(...params).all<T>()).results;
}

describe("migration 0006 (visitor messages) over existing rows", () => {
  it("keeps every row, frees the seats of closed appointments, and moves consent records out of the messages' way", async () => {
    await migrateUpTo("0006");

    await db.batch([
      db.prepare(
        `INSERT INTO appointments (id, name, phone, date, time, service, created_at, starts_at, slot_seat, submission_token, status)
         VALUES (1, 'Kept Visit', '901-555-0101', '2026-12-01', '11:00 AM', 'Repair', ?1, ?2, 0, 'aaaaaaaa-0000-4000-8000-000000000001', 'new'),
                (2, 'Spam Visit', '901-555-0102', '2026-12-01', '12:00 PM', 'Repair', ?1, ?2, 0, NULL, 'spam'),
                (3, 'No-show Visit', '901-555-0103', '2026-11-02', '1:00 PM', 'Repair', ?1, ?2, 0, NULL, 'no_show')`,
      ).bind(NOW, NOW + 86_400_000),
      db.prepare(
        `INSERT INTO contact_messages (id, name, phone_number, email, message, created_at) VALUES
           (10, 'Ten Digits', '(901) 555-0110', 'a@example.com', 'hi', ?1),
           (11, 'Eleven Digits', '+1 901.555.0111', 'b@example.com', 'hi', ?1),
           (12, 'Too Short', '555-0112', 'c@example.com', 'hi', ?1)`,
      ).bind(NOW),
      db.prepare(
        `INSERT INTO consent_records (id, contact_message_id, consent_version, consent_text, ip, created_at) VALUES
           (100, 10, 'v1', 'text', '198.51.100.1', ?1), (101, 11, 'v1', 'text', '198.51.100.2', ?1), (102, 12, 'v1', 'text', '198.51.100.3', ?1)`,
      ).bind(NOW),
      db.prepare(
        `INSERT INTO outbox (id, kind, record_id, recipient, subject, html, text_body, status, attempts, next_attempt_at, created_at)
         VALUES (500, 'contact', 10, 'staff@example.com', 'New contact message', '<p>x</p>', 'x', 'sent', 1, ?1, ?1)`,
      ).bind(NOW),
    ]);

    await migrateAll();

    // Nothing is lost.
    expect(await all("SELECT id, status, slot_seat AS seat, email, change_id AS changeId FROM appointments ORDER BY id")).toEqual([
      { id: 1, status: "new", seat: 0, email: null, changeId: null },
      { id: 2, status: "spam", seat: 0, email: null, changeId: null },
      { id: 3, status: "no_show", seat: 0, email: null, changeId: null },
    ]);
    // Consent records keep their words and now name the number, in E.164 where it can receive texts.
    expect(await all("SELECT id, phone, contact_message_id AS contact, appointment_id AS appointment, consent_version AS version, ip FROM consent_records ORDER BY id")).toEqual([
      { id: 100, phone: "+19015550110", contact: 10, appointment: null, version: "v1", ip: "198.51.100.1" },
      { id: 101, phone: "+19015550111", contact: 11, appointment: null, version: "v1", ip: "198.51.100.2" },
      { id: 102, phone: null, contact: 12, appointment: null, version: "v1", ip: "198.51.100.3" },
    ]);
    // Existing outbox rows are staff e-mails: e-mail channel, their kind is their lead's kind.
    expect(await all("SELECT id, channel, lead_kind AS leadKind, status FROM outbox")).toEqual([
      { id: 500, channel: "email", leadKind: "contact", status: "sent" },
    ]);

    // A spam appointment no longer holds its seat: a new booking takes seat 0 of that slot.
    await db
      .prepare("INSERT INTO appointments (name, phone, date, time, service, created_at, starts_at, slot_seat) VALUES ('New', '901-555-0199', '2026-12-01', '12:00 PM', 'Repair', ?1, ?1, 0)")
      .bind(NOW)
      .run();
    // An active one still does: the same seat of its slot is refused.
    await expect(
      db
        .prepare("INSERT INTO appointments (name, phone, date, time, service, created_at, starts_at, slot_seat) VALUES ('Clash', '901-555-0198', '2026-12-01', '11:00 AM', 'Repair', ?1, ?1, 0)")
        .bind(NOW)
        .run(),
    ).rejects.toThrow(/UNIQUE constraint failed: appointments\.date/);
    // And reopening the spam one now would put two bookings in one seat: refused too.
    await expect(db.prepare("UPDATE appointments SET status = 'new' WHERE id = 2").run()).rejects.toThrow(/UNIQUE constraint failed/);

    // Deleting a message keeps its consent record (no cascade any more).
    await db.prepare("DELETE FROM contact_messages WHERE id = 10").run();
    expect(await all("SELECT id FROM consent_records WHERE contact_message_id = 10")).toEqual([{ id: 100 }]);
    // The search index and its triggers survived the rebuild next door.
    expect(await all("SELECT rowid FROM contact_messages_search WHERE rowid = 10")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { migrateAll, migrateUpTo, migrationDb } from "./migration-helpers";

// Migration 0019 (a record's notes become entries, decision 140) over records stored before it, in an empty
// database of its own (MIGRATION_TEST_DB): migrations up to 0018, then one record of
// each list with a note in its old staff_note and one without, then 0019 and every later migration.

const db = migrationDb;
const CREATED = Date.UTC(2026, 9, 1, 15);
const CHANGED = Date.UTC(2026, 9, 2, 16);

describe("migration 0019 (notes kept as entries) over existing records", () => {
  it("moves each record's note into its list of notes, signed 'before notes were kept' and dated by its last change", async () => {
    await migrateUpTo("0019");
    await db.batch([
      db.prepare(
        `INSERT INTO contact_messages (id, name, phone, email, message, created_at, staff_note, updated_by, updated_at) VALUES
           (40, 'Carla Noted', '+19015550140', 'carla@example.com', 'hi', ?1, 'Called back; wants <b>Friday</b>.', 'ann@example.com', ?2),
           (41, 'Carla Quiet', '+19015550141', 'quiet@example.com', 'hi', ?1, '', NULL, NULL)`,
      ).bind(CREATED, CHANGED),
      db.prepare(
        `INSERT INTO orders (id, name, phone, email, jewelry_type, material_preferences, diamond_selection, created_at, staff_note) VALUES
           (50, 'Olga Noted', '+19015550150', 'olga@example.com', 'Custom Ring', 'Gold Yellow', 'Moissanite', ?1, 'Sent a sketch.')`,
      ).bind(CREATED),
      db.prepare(
        `INSERT INTO appointments (id, name, phone, date, time, service, created_at, starts_at, staff_note, updated_by, updated_at) VALUES
           (60, 'Abe Noted', '+19015550160', '2026-10-09', '11:00 AM', 'Repair', ?1, ?1, 'Bring the box.', 'bo@example.com', ?2)`,
      ).bind(CREATED, CHANGED),
      db.prepare(
        `INSERT INTO repairs (id, ticket, name, phone, phone_last4, item, work, promised_date, staff_note, change_id, created_at,
           created_by, updated_at, updated_by, form_id) VALUES
           (70, 'R-TEST-18', 'Rita Noted', '+19015550170', '0170', 'Ring', 'Ring sizing', '2026-10-09', 'Scratch on the band',
           'change-70', ?1, 'ann@example.com', ?2, 'bo@example.com', 'form-70')`,
      ).bind(CREATED, CHANGED),
    ]);

    await migrateAll();

    const { results } = await db
      .prepare("SELECT list, record_id AS recordId, body, author, created_at AS createdAt, form_id AS formId FROM record_notes ORDER BY list, record_id")
      .all();
    expect(results).toEqual([
      { list: "appointments", recordId: 60, body: "Bring the box.", author: "before notes were kept", createdAt: CHANGED, formId: null },
      { list: "contacts", recordId: 40, body: "Called back; wants <b>Friday</b>.", author: "before notes were kept", createdAt: CHANGED, formId: null },
      // Never changed since it arrived: dated by its arrival.
      { list: "orders", recordId: 50, body: "Sent a sketch.", author: "before notes were kept", createdAt: CREATED, formId: null },
      { list: "repairs", recordId: 70, body: "Scratch on the band", author: "before notes were kept", createdAt: CHANGED, formId: null },
    ]);
    // The one field is gone: a note lives only in the list now.
    const { results: columns } = await db.prepare("SELECT name FROM pragma_table_info('contact_messages')").all<{ name: string }>();
    expect(columns.map((column) => column.name)).not.toContain("staff_note");
    // The records themselves are untouched, and still found by the inbox's search.
    const found = await db.prepare("SELECT rowid FROM contact_messages_search WHERE contact_messages_search MATCH '\"Carla\"' ORDER BY rowid").all<{ rowid: number }>();
    expect(found.results.map((row) => row.rowid)).toEqual([40, 41]);
  });
});

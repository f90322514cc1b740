import { describe, expect, it } from "vitest";
import { migrateAll, migrateUpTo, migrationDb } from "./migration-helpers";

// Migration 0011 over rows stored before it, in an empty database of its own
// (MIGRATION_TEST_DB, vitest.config.ts): migrations up to 0010 first, then
// rows as the forms stored them (phones as typed), then 0011.

const db = migrationDb;
const NOW = Date.UTC(2026, 10, 20, 18);

async function all<T>(query: string, ...params: unknown[]) {
  return (await db.prepare(query).bind(...params).all<T>()).results;
}

describe("migration 0011 (lead versions, phones in E.164) over existing rows", () => {
  it("rewrites every readable phone in E.164, keeps the rest as typed, and starts every lead at version 1", async () => {
    await migrateUpTo("0011");

    await db.batch([
      db.prepare(
        `INSERT INTO appointments (id, name, phone, phone_key, date, time, service, created_at, starts_at, slot_seat, status, staff_note) VALUES
           (1, 'Plain Digits', '9015550122', '9015550122', '2026-12-01', '11:00 AM', 'Repair', ?1, ?1, 0, 'contacted', 'Called.'),
           (2, 'Dashes', '901-555-0188', '9015550188', '2026-12-01', '12:00 PM', 'Repair', ?1, ?1, 0, 'new', ''),
           (3, 'Short', '555-0112', '5550112', '2026-12-01', '1:00 PM', 'Repair', ?1, ?1, 0, 'new', '')`,
      ).bind(NOW),
      db.prepare(
        `INSERT INTO contact_messages (id, name, phone_number, email, message, created_at) VALUES
           (10, 'Brackets', '(901) 555-0177', 'a@example.com', 'hi', ?1),
           (11, 'Country Code', ' +1 901.555.0111 ', 'b@example.com', 'hi', ?1),
           (12, 'Eleven Digits', '1-901-555-0112', 'c@example.com', 'hi', ?1),
           (13, 'Abroad', '+44 20 7946 0958', 'd@example.com', 'hi', ?1),
           (14, 'Twelve Digits', '901555011299', 'e@example.com', 'hi', ?1),
           (15, 'Already', '+19015550115', 'f@example.com', 'hi', ?1)`,
      ).bind(NOW),
      db.prepare(
        `INSERT INTO orders (id, name, phone_number, email, jewelry_type, material_preferences, diamond_selection, created_at) VALUES
           (20, 'Order Phone', '901 555 0120', 'o@example.com', 'Custom Ring', 'Gold Yellow', 'Moissanite', ?1)`,
      ).bind(NOW),
    ]);

    await migrateAll();

    expect(await all("SELECT id, phone, phone_key AS phoneKey, status, version, updated_by AS updatedBy, updated_at AS updatedAt FROM appointments ORDER BY id")).toEqual([
      { id: 1, phone: "+19015550122", phoneKey: "+19015550122", status: "contacted", version: 1, updatedBy: null, updatedAt: null },
      { id: 2, phone: "+19015550188", phoneKey: "+19015550188", status: "new", version: 1, updatedBy: null, updatedAt: null },
      { id: 3, phone: "555-0112", phoneKey: "5550112", status: "new", version: 1, updatedBy: null, updatedAt: null },
    ]);
    expect(await all("SELECT id, phone, version FROM contact_messages ORDER BY id")).toEqual([
      { id: 10, phone: "+19015550177", version: 1 },
      { id: 11, phone: "+19015550111", version: 1 },
      { id: 12, phone: "+19015550112", version: 1 },
      { id: 13, phone: "+442079460958", version: 1 },
      { id: 14, phone: "901555011299", version: 1 },
      { id: 15, phone: "+19015550115", version: 1 },
    ]);
    expect(await all("SELECT id, phone, version FROM orders")).toEqual([{ id: 20, phone: "+19015550120", version: 1 }]);

    // The search index followed: the old spelling's digits still find the row.
    expect(await all("SELECT rowid AS id FROM contact_messages_search WHERE contact_messages_search MATCH '\"5550177\"'")).toEqual([{ id: 10 }]);
    expect(await all("SELECT rowid AS id FROM appointments_search WHERE appointments_search MATCH '\"+19015550188\"'")).toEqual([{ id: 2 }]);
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateAll, migrateUpTo, migrationDb } from "./migration-helpers";
import type { LeadKind } from "../../app/core/lead-kinds";
import { getDb } from "../../app/db/client.server";
import { contactMessages, orders } from "../../app/db/schema";
import { leadPageQuery, planSearch, readLeadPage, type Lead } from "../../app/inbox/queries.server";

// Migration 0015 (orders' and contact messages' `phone_number` renamed `phone`,
// their search triggers made again) over rows stored before it, in an empty
// database of its own (MIGRATION_TEST_DB, vitest.config.ts): migrations up to
// 0014 first, then rows as the forms stored them, then 0015. The rows are looked
// for with the inbox's own search (planSearch, leadPageQuery), as staff type it.

const db = migrationDb;
const dbEnv = { DB: db };
const NOW = Date.UTC(2026, 11, 1, 18);

/** The ids and phones the inbox lists for `kind` when staff search for `q`. */
async function search(kind: Exclude<LeadKind, "appointment">, q: string) {
  const plan = planSearch(q);
  if (!("match" in plan)) throw new Error(plan.error);
  const view = { kind, q, status: null, when: "all" as const, cursor: null };
  const { results } = await leadPageQuery(dbEnv, view, { match: plan.match, limit: 50, now: NOW }).all<Lead>();
  return readLeadPage(view, results, 50).leads.map((lead) => ({ id: lead.id, phone: lead.phone }));
}

describe("migration 0015 (one name for the phone column) over existing rows", () => {
  it("keeps orders and messages stored before it findable by number and name, and indexes new and changed ones", async () => {
    await migrateUpTo("0015");

    await db.batch([
      db.prepare(
        `INSERT INTO orders (id, name, phone_number, email, jewelry_type, material_preferences, diamond_selection, created_at) VALUES
           (20, 'Ophelia Stored', '+19015550120', 'ophelia@example.com', 'Custom Ring', 'Gold Yellow', 'Moissanite', ?1),
           (21, 'Other Order', '+19015550999', 'other@example.com', 'Custom Watch', 'Silver', 'Moissanite', ?1)`,
      ).bind(NOW),
      db.prepare(
        `INSERT INTO contact_messages (id, name, phone_number, email, message, created_at) VALUES
           (30, 'Cornelius Stored', '+19015550130', 'cornelius@example.com', 'hi', ?1),
           (31, 'Abroad Stored', '+442079460958', 'abroad@example.com', 'hi', ?1)`,
      ).bind(NOW),
    ]);

    await migrateAll();

    // Nothing in the schema names the old column any more; the four search triggers are there.
    const { results: oldName } = await db.prepare("SELECT type, name FROM sqlite_master WHERE sql LIKE '%phone_number%'").all();
    expect(oldName).toEqual([]);
    const { results: triggers } = await db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('orders', 'contact_messages') ORDER BY name")
      .all<{ name: string }>();
    expect(triggers.map((trigger) => trigger.name)).toEqual([
      "contact_messages_search_delete",
      "contact_messages_search_insert",
      "contact_messages_search_update",
      "orders_search_delete",
      "orders_search_insert",
      "orders_search_update",
    ]);

    // Stored before: found by the number however staff type it, and by name.
    for (const q of ["+19015550120", "(901) 555-0120", "555-0120", "9015550120"]) {
      expect(await search("order", q), q).toEqual([{ id: 20, phone: "+19015550120" }]);
    }
    expect(await search("order", "Ophelia")).toEqual([{ id: 20, phone: "+19015550120" }]);
    for (const q of ["+19015550130", "901-555-0130", "5550130"]) {
      expect(await search("contact", q), q).toEqual([{ id: 30, phone: "+19015550130" }]);
    }
    expect(await search("contact", "Cornelius")).toEqual([{ id: 30, phone: "+19015550130" }]);
    expect(await search("contact", "+44 20 7946 0958")).toEqual([{ id: 31, phone: "+442079460958" }]);

    // Stored after, through the schema's `phone`, as the forms store them now.
    const app = getDb(dbEnv);
    await app.insert(orders).values({
      name: "Nadia New",
      phone: "+19015550140",
      email: "nadia@example.com",
      jewelryType: "Custom Charm",
      materialPreferences: "Platinum",
      diamondSelection: "Moissanite",
      createdAt: new Date(NOW + 1000),
    });
    await app.insert(contactMessages).values({
      name: "Norbert New",
      phone: "+19015550150",
      email: "norbert@example.com",
      message: "hello",
      createdAt: new Date(NOW + 1000),
    });
    const [nadia] = await search("order", "555-0140");
    expect(nadia).toMatchObject({ phone: "+19015550140" });
    expect(await search("order", "Nadia")).toEqual([nadia]);
    const [norbert] = await search("contact", "(901) 555-0150");
    expect(norbert).toMatchObject({ phone: "+19015550150" });
    expect(await search("contact", "Norbert")).toEqual([norbert]);

    // A changed number is found by the new one only (the update trigger), a deleted row not at all.
    await app.update(contactMessages).set({ phone: "+19015550177" }).where(eq(contactMessages.id, 30));
    expect(await search("contact", "555-0177")).toEqual([{ id: 30, phone: "+19015550177" }]);
    expect(await search("contact", "555-0130")).toEqual([]);
    await app.delete(orders).where(eq(orders.id, 21));
    expect(await search("order", "555-0999")).toEqual([]);
  });
});

// 6. Cost as data grows: the dashboard's first page, for each inbox tab, with
// 1,000, 10,000 and 100,000 records in EACH lead table. Rows are added straight
// into the stopped server's local D1 file (the search triggers run as usual),
// older than anything a visitor posted, then the server is started again.
import { performance } from "node:perf_hooks";
import { DatabaseSync } from "node:sqlite";
import { percentile } from "../lib/stats.mjs";

export const GROWTH_STEPS = [1_000, 10_000, 100_000];
const REQUESTS_PER_TAB = 20;
const TABS = [
  { label: "default (no tab)", query: "" },
  { label: "appointments", query: "?tab=appointments" },
  { label: "orders", query: "?tab=orders" },
  { label: "contacts", query: "?tab=contacts" },
];

const SEED = {
  appointments: (n) => `
    INSERT INTO appointments (name, phone, date, time, service, created_at, starts_at, slot_seat, status)
    SELECT 'Seeded appointment ' || i, '(901) 555-' || printf('%04d', i % 10000),
           date('2020-01-01', '+' || (i % 1500) || ' days'), '11:00 AM', 'Repair',
           :base - i * 60000,
           CAST((julianday(date('2020-01-01', '+' || (i % 1500) || ' days')) - 2440587.5) * 86400000 AS INTEGER) + 61200000,
           1000 + i, CASE i % 5 WHEN 0 THEN 'done' ELSE 'new' END
    FROM seq WHERE i <= ${n}`,
  orders: (n) => `
    INSERT INTO orders (name, phone, email, jewelry_type, material_preferences, diamond_selection, created_at, status)
    SELECT 'Seeded order ' || i, '(901) 555-' || printf('%04d', i % 10000), 'seed-order' || i || '@example.com',
           'Custom Ring', 'Gold Yellow', 'Moissanite', :base - i * 60000,
           CASE i % 5 WHEN 0 THEN 'done' ELSE 'new' END
    FROM seq WHERE i <= ${n}`,
  contact_messages: (n) => `
    INSERT INTO contact_messages (name, phone, email, message, created_at, status)
    SELECT 'Seeded contact ' || i, '(901) 555-' || printf('%04d', i % 10000), 'seed-contact' || i || '@example.com',
           'Seeded message ' || i, :base - i * 60000,
           CASE i % 5 WHEN 0 THEN 'done' ELSE 'new' END
    FROM seq WHERE i <= ${n}`,
};

/** Adds rows so that each lead table holds `target` records; returns the counts. */
export function growTo(databaseFile, target) {
  const db = new DatabaseSync(databaseFile);
  const counts = {};
  const base = Date.now() - 86_400_000;
  try {
    db.exec("BEGIN");
    for (const [table, seed] of Object.entries(SEED)) {
      const { n } = db.prepare(`SELECT count(*) AS n FROM ${table}`).get();
      const missing = target - n;
      if (missing > 0) {
        // Continue numbering after earlier seeds so names stay unique.
        const { seeded } = db.prepare(`SELECT count(*) AS seeded FROM ${table} WHERE name LIKE 'Seeded %'`).get();
        db.prepare(
          `WITH RECURSIVE seq(i) AS (SELECT ${seeded + 1} UNION ALL SELECT i + 1 FROM seq WHERE i < ${seeded + missing}) ` +
            seed(seeded + missing),
        ).run({ base });
      }
      counts[table] = db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  } finally {
    db.close();
  }
  return counts;
}

export async function measureDashboard({ origin, cookie }) {
  const rows = [];
  for (const tab of TABS) {
    const url = `${origin}/dashboard${tab.query}`;
    const warm = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
    await warm.arrayBuffer();
    if (warm.status !== 200) throw new Error(`dashboard answered ${warm.status} for ${tab.query || "/"}`);
    const latencies = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS_PER_TAB; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
      bytes = (await response.arrayBuffer()).byteLength;
      latencies.push(performance.now() - started);
    }
    rows.push({ tab: tab.label, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), bytes });
  }
  return rows;
}

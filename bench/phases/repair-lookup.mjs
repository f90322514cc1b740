// 8. The customer's repair look-up (/repair, issue 30) with 100,000 repairs in D1:
// p50 and p99 of a look-up that finds the repair, one with the wrong digits and one
// with a number that does not exist. The last two should cost the same
// (docs/decisions/114). Rows go straight into the stopped server's local D1 file
// (the search triggers run as usual), like the data-growth phase.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { URLSearchParams } from "node:url";
import { DatabaseSync } from "node:sqlite";
import { percentile } from "../lib/stats.mjs";

export const REPAIR_COUNT = 100_000;
const LOOKUPS_PER_KIND = 100;
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function ticket() {
  const chars = [...randomBytes(6)].map((byte) => ALPHABET[byte & 31]).join("");
  return `R-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** Adds repairs until the table holds `target`; returns a sample of them (ticket and last four digits). */
export function seedRepairs(databaseFile, target = REPAIR_COUNT) {
  const db = new DatabaseSync(databaseFile);
  const now = Date.now();
  const sample = [];
  try {
    const { n } = db.prepare("SELECT count(*) AS n FROM repairs").get();
    const insert = db.prepare(
      `INSERT OR IGNORE INTO repairs (ticket, name, phone, phone_last4, email, item, work, work_detail, estimate_cents, promised_date,
         status, version, change_id, text_consent, created_at, created_by, updated_at, updated_by, form_id)
       VALUES (?, ?, ?, ?, NULL, '14k yellow gold ring', 'Ring sizing', '', 8500, '2030-01-01', 'in_progress', 1, ?, 0, ?, 'bench', ?, 'bench', ?)`,
    );
    db.exec("BEGIN");
    // INSERT OR IGNORE skips a number drawn twice; the loop runs until the table holds `target`.
    for (let i = n, stored = n; stored < target; i++) {
      const last4 = String(i % 10_000).padStart(4, "0");
      const number = ticket();
      const id = `bench-${i}-${number}`;
      stored += Number(insert.run(number, `Seeded repair ${i}`, `(901) 555-${last4}`, last4, id, now - i * 60_000, now - i * 60_000, id).changes);
      if (i % Math.floor(target / LOOKUPS_PER_KIND) === 0) sample.push({ ticket: number, last4 });
    }
    db.exec("COMMIT");
    if (sample.length === 0) {
      for (const row of db.prepare(`SELECT ticket, phone_last4 AS last4 FROM repairs ORDER BY random() LIMIT ${LOOKUPS_PER_KIND}`).all()) sample.push(row);
    }
    return { count: db.prepare("SELECT count(*) AS n FROM repairs").get().n, sample: sample.slice(0, LOOKUPS_PER_KIND) };
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  } finally {
    db.close();
  }
}

let address = 0;
/** Each look-up from its own address, so the per-address miss limit never answers instead. */
const nextAddress = () => {
  address += 1;
  return `198.18.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
};

async function lookUp(origin, ticketNumber, last4) {
  const started = performance.now();
  const response = await fetch(`${origin}/repair`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "CF-Connecting-IP": nextAddress() },
    body: new URLSearchParams({ ticket: ticketNumber, last4 }),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

export async function runRepairLookup({ origin, sample, count, log }) {
  const kinds = {
    found: (entry) => [entry.ticket, entry.last4],
    "wrong digits": (entry) => [entry.ticket, entry.last4 === "0000" ? "1111" : "0000"],
    "unknown number": () => [ticket(), "1234"],
  };
  const expected = { found: 200, "wrong digits": 404, "unknown number": 404 };
  await lookUp(origin, sample[0].ticket, sample[0].last4); // warm
  // The kinds take turns, so a drift in the machine's load touches each alike.
  const latencies = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
  for (const entry of sample) {
    for (const [kind, input] of Object.entries(kinds)) {
      const result = await lookUp(origin, ...input(entry));
      if (result.status !== expected[kind]) throw new Error(`${kind} look-up answered ${result.status}`);
      latencies[kind].push(result.ms);
    }
  }
  const rows = Object.entries(latencies).map(([kind, values]) => {
    const row = { kind, requests: values.length, p50: percentile(values, 0.5), p99: percentile(values, 0.99) };
    log(`  ${kind}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms`);
    return row;
  });
  return { count, rows };
}

export function repairLookupSection(result) {
  const title = "## 8. Repair look-up at 100,000 tickets";
  if (!result) return `${title}\n\nNot run.\n`;
  if (result.error) return `${title}\n\nFailed: ${result.error}\n`;
  const lines = result.rows.map((row) => `| ${row.kind} | ${row.requests} | ${row.p50.toFixed(1)} ms | ${row.p99.toFixed(1)} ms |`);
  return `${title}

\`POST /repair\` (the ticket number and the phone's last 4 digits) with ${result.count.toLocaleString("en-US")} repairs in D1,
one request at a time, each from its own address. A miss of either kind does the same work (one query on the
unique ticket index, one constant-time compare: docs/decisions/114), so its two rows should match.

| look-up | requests | p50 | p99 |
| --- | ---: | ---: | ---: |
${lines.join("\n")}
`;
}

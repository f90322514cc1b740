// 5. Writes under load: 1,000 valid submissions spread over the three forms, 50
// at a time. Each visitor loads its form page (its own token, its own address,
// so the per-visitor rate limit never triggers) and posts it once.
import { performance } from "node:perf_hooks";
import { DatabaseSync } from "node:sqlite";
import { FORM_NAMES, LEAD_FORMS, leadFields } from "../lib/leads.mjs";
import { percentile, pool } from "../lib/stats.mjs";
import { Visitor, visitorIp } from "../lib/visitor.mjs";

const NAME_PREFIX = "Load";

export async function runWrites({ origin, count, concurrency, slots, firstVisitor, databaseFile, log }) {
  const jobs = Array.from({ length: count }, (_, i) => ({ i, form: FORM_NAMES[i % FORM_NAMES.length] }));
  const statuses = new Map();
  let fiveXx = 0;
  const postLatencies = [];
  const started = performance.now();
  await pool(jobs, concurrency, async ({ i, form }) => {
    const index = firstVisitor + i;
    const visitor = new Visitor(origin, visitorIp(index));
    let token;
    try {
      token = await visitor.formToken(LEAD_FORMS[form].path);
    } catch {
      fiveXx++;
      return;
    }
    const fields = { ...leadFields(form, `${NAME_PREFIX} ${form} ${i}`, index, slots), submissionToken: token };
    const result = await visitor.post(LEAD_FORMS[form].path, fields);
    statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
    if (result.status >= 500) fiveXx++;
    postLatencies.push(result.latency);
  });
  const seconds = (performance.now() - started) / 1000;

  const db = new DatabaseSync(databaseFile, { readOnly: true });
  const stored = {};
  let storedTotal = 0;
  let duplicates = 0;
  for (const form of FORM_NAMES) {
    const { table } = LEAD_FORMS[form];
    const row = db
      .prepare(`SELECT count(*) AS n, count(DISTINCT name) AS names FROM ${table} WHERE name LIKE ?`)
      .get(`${NAME_PREFIX} ${form} %`);
    stored[form] = row.n;
    storedTotal += row.n;
    duplicates += row.n - row.names;
  }
  db.close();

  const summary = {
    submissions: count,
    concurrency,
    seconds,
    throughput: count / seconds,
    p50: percentile(postLatencies, 0.5),
    p99: percentile(postLatencies, 0.99),
    statuses: Object.fromEntries([...statuses].sort()),
    fiveXx,
    stored,
    storedTotal,
    duplicates,
  };
  log(
    `  ${count} in ${seconds.toFixed(1)} s (${summary.throughput.toFixed(0)}/s), post p99 ${summary.p99.toFixed(0)} ms, ` +
      `stored ${storedTotal}, duplicates ${duplicates}, 5xx ${fiveXx}, statuses ${JSON.stringify(summary.statuses)}`,
  );
  return summary;
}

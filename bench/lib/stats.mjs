// Small numeric helpers for the report.
import { clearTimeout, setTimeout } from "node:timers";

/** The q-quantile (0..1) of a list of numbers, nearest-rank. */
export function percentile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => percentile(values, 0.5);

/** The median (nearest rank) and the extremes of a few runs. */
export function spread(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

export function ms(value) {
  if (!Number.isFinite(value)) return "n/a";
  return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function ratio(value) {
  return Number.isFinite(value) ? value.toFixed(2) : "n/a";
}

/** Runs `worker` over `items` with at most `concurrency` in flight. */
export async function pool(items, concurrency, worker) {
  const results = new Array(items.length);
  let next = 0;
  async function lane() {
    while (next < items.length) {
      const index = next++;
      results[index] = await worker(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
}

/** Rejects if `promise` takes longer than `seconds` (each phase is bounded). */
export function within(seconds, label, promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} took longer than ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

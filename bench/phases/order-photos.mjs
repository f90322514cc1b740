// 7. Orders with photos: 50 custom orders, each with two 2 MB photos, 10 at a
// time. Each visitor loads the order page (its own token, its own address) and
// posts the form as a browser does: multipart, the fields, then the photos. The
// photos are JPEGs whose Exif carries a GPS position and whose scan is 2 MB, so
// the Worker's full path runs: magic bytes, the marker walk that removes the
// position, the stream to R2. Counts are read afterwards from the local D1 file
// and the local R2 bucket's index; peak memory is the resident size of the
// workerd processes serving the Worker, sampled every 50 ms (Linux /proc).
import { Buffer } from "node:buffer";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { DatabaseSync } from "node:sqlite";
import { clearInterval, setInterval } from "node:timers";
import { leadFields } from "../lib/leads.mjs";
import { processes } from "../lib/processes.mjs";
import { percentile, pool } from "../lib/stats.mjs";
import { Visitor, visitorIp } from "../lib/visitor.mjs";

const NAME_PREFIX = "Photo load";
const MB = 1024 * 1024;

/**
 * A JPEG of `size` bytes: the sample photo with a GPS position (tests/fixtures),
 * its scan padded with entropy-coded bytes (no 0xFF, so no markers) before its end.
 */
export function photoOfSize(size, seed) {
  const sample = readFileSync("tests/fixtures/photos/ring-gps.jpg");
  const body = sample.subarray(0, sample.length - 2); // without the end-of-image marker
  const photo = Buffer.alloc(size);
  body.copy(photo);
  let state = seed;
  for (let i = body.length; i < size - 2; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    photo[i] = (state >>> 16) % 255; // 0..254: never 0xFF
  }
  photo[size - 2] = 0xff;
  photo[size - 1] = 0xd9;
  return photo;
}

/** The workerd processes under the preview server (its process group). */
function workerdPids(groupId) {
  return processes()
    .filter((entry) => entry.group === groupId && entry.command.startsWith("workerd"))
    .map((entry) => entry.pid);
}

function residentBytes(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

function sampleMemory(groupId) {
  const pids = groupId ? workerdPids(groupId) : [];
  if (pids.length === 0) return { stop: () => null };
  const baseline = residentBytes(pids);
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pids));
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return { baseline, peak, processes: pids.length };
    },
  };
}

/** Objects in the local R2 bucket: Miniflare's index of them in the persist folder. */
function storedObjects(persistDir) {
  const folder = join(persistDir, "v3", "r2", "miniflare-R2BucketObject");
  let total = 0;
  for (const file of readdirSync(folder)) {
    if (!file.endsWith(".sqlite") || file === "metadata.sqlite") continue;
    const db = new DatabaseSync(join(folder, file), { readOnly: true });
    total += db.prepare("SELECT count(*) AS n FROM _mf_objects").get().n;
    db.close();
  }
  return total;
}

export async function runOrderPhotos({ origin, count, concurrency, photoBytes, firstVisitor, databaseFile, persistDir, serverGroupId, log }) {
  const photos = [photoOfSize(photoBytes, 1), photoOfSize(photoBytes, 2)];
  const objectsBefore = storedObjects(persistDir);
  const statuses = new Map();
  const latencies = [];
  let fiveXx = 0;
  const memory = sampleMemory(serverGroupId);
  const started = performance.now();
  await pool(Array.from({ length: count }, (_, i) => i), concurrency, async (i) => {
    const index = firstVisitor + i;
    const visitor = new Visitor(origin, visitorIp(index));
    let token;
    try {
      token = await visitor.formToken("/orderOnline");
    } catch (error) {
      // The order page itself failed (a 5xx): counted, and the run goes on so the log can tell why.
      log(`  order page for visitor ${index}: ${error.message}`);
      statuses.set("page 5xx", (statuses.get("page 5xx") ?? 0) + 1);
      fiveXx++;
      return;
    }
    const fields = { ...leadFields("order", `${NAME_PREFIX} ${i}`, index), submissionToken: token };
    const files = photos.map((photo, n) => ({ name: "photos", bytes: photo, type: "image/jpeg", fileName: `IMG_${i}_${n + 1}.jpg` }));
    const { status, latency } = await visitor.postMultipart("/orderOnline", fields, files);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 500) fiveXx++;
    latencies.push(latency);
  });
  const seconds = (performance.now() - started) / 1000;
  const peakMemory = memory.stop();

  const db = new DatabaseSync(databaseFile, { readOnly: true });
  const orders = db.prepare("SELECT count(*) AS n, count(DISTINCT name) AS names FROM orders WHERE name LIKE ?").get(`${NAME_PREFIX} %`);
  const rows = db
    .prepare("SELECT count(*) AS n, sum(p.size) AS bytes FROM order_photos p JOIN orders o ON o.id = p.order_id WHERE o.name LIKE ?")
    .get(`${NAME_PREFIX} %`);
  db.close();

  const summary = {
    orders: count,
    concurrency,
    photosPerOrder: photos.length,
    photoBytes,
    seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: Math.max(...latencies),
    megabytesPerSecond: (count * photos.length * photoBytes) / MB / seconds,
    statuses: Object.fromEntries([...statuses].sort()),
    fiveXx,
    storedOrders: orders.n,
    duplicates: orders.n - orders.names,
    storedPhotoRows: rows.n,
    storedObjects: storedObjects(persistDir) - objectsBefore,
    storedBytes: rows.bytes ?? 0,
    memory: peakMemory,
  };
  log(
    `  ${count} orders in ${seconds.toFixed(1)} s, post p50 ${summary.p50.toFixed(0)} ms, p99 ${summary.p99.toFixed(0)} ms, ` +
      `stored ${summary.storedOrders} orders, ${summary.storedPhotoRows} photo rows, ${summary.storedObjects} objects, ` +
      `5xx ${fiveXx}, statuses ${JSON.stringify(summary.statuses)}` +
      (peakMemory ? `, workerd RSS ${(peakMemory.baseline / MB).toFixed(0)} → peak ${(peakMemory.peak / MB).toFixed(0)} MB` : ""),
  );
  return summary;
}

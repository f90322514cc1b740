// 8. Crafted photos: the hostile photo corpus (tests/support/crafted-photos.ts:
// HEIC item walks, Exif GPS directories whose entries all point at one area, XMP
// hiding a position), each padded to 1 MB, posted with an order through the
// Worker's full path, against a plain photo of the same kind and size posted
// right before it. Each pair is posted a few times; the median counts. The line
// to read: the worst crafted photo's time per MB against the plain photo's.
import { readFileSync } from "node:fs";
import { hostilePhotoCorpus, padded } from "../../tests/support/crafted-photos.ts";
import { leadFields } from "../lib/leads.mjs";
import { median } from "../lib/stats.mjs";
import { Visitor, visitorIp } from "../lib/visitor.mjs";

const MB = 1024 * 1024;
const TYPES = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", heic: "image/heic" };
const sample = (kind) => new Uint8Array(readFileSync(`tests/fixtures/photos/ring.${kind}`));

/** Posts one photo with an order from a visitor of its own; the time from sending to the answer. */
async function timedPost(origin, index, photo, kind) {
  const visitor = new Visitor(origin, visitorIp(index));
  const fields = { ...leadFields("order", `Crafted photo ${index}`, index), submissionToken: await visitor.formToken("/orderOnline") };
  const { status, latency } = await visitor.postMultipart("/orderOnline", fields, [{ name: "photos", bytes: photo, type: TYPES[kind], fileName: `photo.${kind}` }]);
  return { ms: latency, status };
}

export async function runCraftedPhotos({ origin, size = MB, rounds = 3, firstVisitor, log }) {
  const samples = { jpg: sample("jpg"), png: sample("png"), webp: sample("webp"), heic: sample("heic") };
  const corpus = hostilePhotoCorpus(samples, size);
  let visitor = firstVisitor;
  const rows = [];
  for (const photo of corpus) {
    const plain = padded(photo.kind, samples[photo.kind], photo.bytes.length);
    const plainTimes = [];
    const craftedTimes = [];
    const statuses = new Set();
    let fiveXx = 0;
    await timedPost(origin, visitor++, plain, photo.kind); // warm-up
    for (let round = 0; round < rounds; round++) {
      plainTimes.push((await timedPost(origin, visitor++, plain, photo.kind)).ms);
      const crafted = await timedPost(origin, visitor++, photo.bytes, photo.kind);
      craftedTimes.push(crafted.ms);
      statuses.add(crafted.status);
      if (crafted.status >= 500) fiveXx++;
    }
    const megabytes = photo.bytes.length / MB;
    const row = {
      name: photo.name,
      bytes: photo.bytes.length,
      plainMs: median(plainTimes),
      craftedMs: median(craftedTimes),
      plainMsPerMb: median(plainTimes) / megabytes,
      craftedMsPerMb: median(craftedTimes) / megabytes,
      statuses: [...statuses],
      fiveXx,
    };
    log(`  ${row.name}: ${row.craftedMs.toFixed(0)} ms against ${row.plainMs.toFixed(0)} ms plain (${row.statuses.join(", ")})`);
    rows.push(row);
  }
  const worst = rows.reduce((a, b) => (b.craftedMsPerMb > a.craftedMsPerMb ? b : a));
  return { size, rounds, rows, worst, fiveXx: rows.reduce((sum, row) => sum + row.fiveXx, 0) };
}

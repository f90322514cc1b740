import type { DbEnv } from "~/db/sql.server";
import { sql } from "drizzle-orm";
import { allRows } from "~/db/sql.server";
import { orderPhotos, repairPhotos } from "~/db/schema";
import { ORDER_PHOTOS, REPAIR_PHOTOS } from "~/photos/rules";
import { deletePhotos, R2_PAGE } from "~/photos/storage.server";

// The nightly sweep of photos no row names (docs/decisions/060): what the write
// path could not delete, an order or repair refused or lost after its photos were
// written, and a deleted repair's photos (its rows go with it by cascade).

/** Each prefix in R2 and the table whose object_key names what is kept under it. */
const PHOTO_HOMES = [
  { prefix: ORDER_PHOTOS.keyPrefix, table: orderPhotos, key: orderPhotos.objectKey },
  { prefix: REPAIR_PHOTOS.keyPrefix, table: repairPhotos, key: repairPhotos.objectKey },
];

/** An object younger than this may belong to an order still being stored: the sweep leaves it. */
const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;

/** Deletes what the write path could not: objects older than a day that no photo row names. Returns how many. */
export async function sweepOrphanPhotos(env: DbEnv & Pick<Env, "BUCKET">, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const home of PHOTO_HOMES) removed += await sweepPrefix(env, home, now);
  return removed;
}

async function sweepPrefix(env: DbEnv & Pick<Env, "BUCKET">, home: (typeof PHOTO_HOMES)[number], now: number): Promise<number> {
  let removed = 0;
  let cursor: string | undefined;
  do {
    const page = await env.BUCKET.list({ prefix: home.prefix, limit: R2_PAGE, cursor });
    const old = page.objects.filter((object) => object.uploaded.getTime() < now - SWEEP_GRACE_MS).map((object) => object.key);
    if (old.length > 0) {
      // Compiled SQL: the keys travel as one JSON array (json_each), not 1,000 bound parameters, which the builder cannot say.
      const orphans = await allRows<{ key: string }>(
        env,
        sql`SELECT value AS key FROM json_each(${JSON.stringify(old)}) WHERE value NOT IN (SELECT ${home.key} FROM ${home.table})`,
      );
      await deletePhotos(env.BUCKET, orphans.map((row) => row.key));
      removed += orphans.length;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}

/** One photo of one order, as staff open it: streamed, never cached, shown inline under a safe name. */

import type { DbEnv } from "~/db/sql.server";
import { sql } from "drizzle-orm";
import { allRows } from "~/db/sql.server";
import { deletePhotos, PHOTO_KEY_PREFIX, R2_PAGE } from "~/photos/storage.server";

// The nightly sweep of order photos no order names (docs/decisions/060): what the
// write path could not delete, an order refused or lost after its photos were written.

/** An object younger than this may belong to an order still being stored: the sweep leaves it. */
const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;

/** Deletes what the write path could not: objects older than a day that no order_photos row names. Returns how many. */
export async function sweepOrphanPhotos(env: DbEnv & Pick<Env, "BUCKET">, now = Date.now()): Promise<number> {
  let removed = 0;
  let cursor: string | undefined;
  do {
    const page = await env.BUCKET.list({ prefix: PHOTO_KEY_PREFIX, limit: R2_PAGE, cursor });
    const old = page.objects.filter((object) => object.uploaded.getTime() < now - SWEEP_GRACE_MS).map((object) => object.key);
    if (old.length > 0) {
      // Compiled SQL: the keys travel as one JSON array (json_each), not 1,000 bound parameters, which the builder cannot say.
      const orphans = await allRows<{ key: string }>(
        env,
        sql`SELECT value AS key FROM json_each(${JSON.stringify(old)}) WHERE value NOT IN (SELECT object_key FROM order_photos)`,
      );
      await deletePhotos(env.BUCKET, orphans.map((row) => row.key));
      removed += orphans.length;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}

/** One photo of one order, as staff open it: streamed, never cached, shown inline under a safe name. */

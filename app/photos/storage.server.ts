import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orderPhotos, repairPhotos } from "~/db/schema";
import type { ChunkedBytes } from "./bytes";
import type { PhotoKind } from "./rules";
import type { DbEnv } from "~/db/sql.server";

// The order and repair photos in R2 (binding BUCKET): written while the form is read, named
// by a random key no visitor ever sees, deleted with their order or repair, and swept when
// no row names them (a form that was refused or lost after its photos were
// written: app/jobs/orphan-photos.server.ts). See docs/decisions/060.

/** R2 deletes at most this many keys per call, and lists at most this many per page. */
export const R2_PAGE = 1000;

/** 122 random bits: a key cannot be guessed, and is never shown outside the dashboard's own server. */
export function newPhotoKey(prefix: string): string {
  return `${prefix}${crypto.randomUUID()}`;
}

/** Streams the first `length` bytes to R2 (a known length, so R2 takes the stream as it comes). */
export async function putPhoto(bucket: R2Bucket, key: string, bytes: ChunkedBytes, length: number, kind: PhotoKind) {
  const { readable, writable } = new FixedLengthStream(length);
  const [stored] = await Promise.all([
    bucket.put(key, readable, { httpMetadata: { contentType: kind } }),
    bytes.stream(length).pipeTo(writable),
  ]);
  if (!stored) throw new Error(`R2 did not store ${key}`);
}

export async function deletePhotos(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += R2_PAGE) {
    await bucket.delete(keys.slice(start, start + R2_PAGE));
  }
}

export async function photoResponse(env: DbEnv & Pick<Env, "BUCKET">, orderId: number, position: number): Promise<Response | null> {
  const row = await getDb(env).query.orderPhotos.findFirst({
    columns: { objectKey: true, contentType: true, fileName: true },
    where: and(eq(orderPhotos.orderId, orderId), eq(orderPhotos.position, position)),
  });
  return row ? storedPhotoResponse(env.BUCKET, row) : null;
}

/** One photo of a repair, by its row's id (which the repair's page links to). */
export async function repairPhotoResponse(env: DbEnv & Pick<Env, "BUCKET">, repairId: number, photoId: number): Promise<Response | null> {
  const row = await getDb(env).query.repairPhotos.findFirst({
    columns: { objectKey: true, contentType: true, fileName: true },
    where: and(eq(repairPhotos.repairId, repairId), eq(repairPhotos.id, photoId)),
  });
  return row ? storedPhotoResponse(env.BUCKET, row) : null;
}

async function storedPhotoResponse(bucket: R2Bucket, row: { objectKey: string; contentType: string; fileName: string }): Promise<Response | null> {
  const object = await bucket.get(row.objectKey);
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      "Content-Type": row.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": contentDisposition(row.fileName),
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** `inline` with an ASCII fallback name and the exact name in RFC 8187 form; the name was made safe when stored. */
function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

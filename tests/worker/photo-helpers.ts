import { env, SELF } from "cloudflare:test";
import { ORIGIN } from "./helpers";
import { issueToken, uniqueIp } from "./lead-helpers";

/** A sample image from tests/fixtures/photos (bound as base64 by vitest.config.ts). */
export function samplePhoto(name: string): Uint8Array<ArrayBuffer> {
  const photos = (env as typeof env & { TEST_PHOTOS: Record<string, string> }).TEST_PHOTOS;
  const base64 = photos[name];
  if (!base64) throw new Error(`no sample photo ${name}`);
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

export const IMAGE_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
  gif: "image/gif",
};

/** A sample image as the browser would attach it (its type from its extension). */
export function photoFile(name: string, options: { as?: string; type?: string; bytes?: Uint8Array<ArrayBuffer> } = {}) {
  const bytes = options.bytes ?? samplePhoto(name);
  const fileName = options.as ?? name;
  const type = options.type ?? IMAGE_TYPES[fileName.split(".").pop() ?? ""] ?? "application/octet-stream";
  return new File([bytes], fileName, { type });
}

export const validOrder = {
  name: "Photo Order",
  phone: "901 555 0142",
  email: "photos@example.com",
  jewelryType: "Custom Ring",
  materialPreferences: "Gold Yellow",
  diamondSelection: "Moissanite",
};

/**
 * The order form as a browser sends it: the fields, then the chosen photos (multipart, with its length).
 * `chunked` sends the same body as a stream of 64 KB pieces without a length, as no browser does.
 */
export async function postOrder(
  fields: Record<string, string>,
  photos: File[],
  options: { ip?: string; path?: string; headers?: Record<string, string>; chunked?: boolean } = {},
) {
  const form = new FormData();
  const submissionToken = fields.submissionToken ?? (await issueToken("order"));
  for (const [name, value] of Object.entries({ submissionToken, ...fields })) form.append(name, value);
  if (photos.length === 0) form.append("photos", new File([], "", { type: "application/octet-stream" }));
  for (const photo of photos) form.append("photos", photo);
  const headers = { Origin: ORIGIN, "CF-Connecting-IP": options.ip ?? uniqueIp(), ...options.headers };
  const url = `${ORIGIN}${options.path ?? "/orderOnline"}`;
  if (!options.chunked) return SELF.fetch(url, { method: "POST", redirect: "manual", headers, body: form });
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, (offset += 64 * 1024)));
    },
  });
  return SELF.fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "Content-Type": encoded.headers.get("Content-Type")! },
    body,
  });
}

/** Every object in the photo bucket. */
export async function objectKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.BUCKET.list({ cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

export interface PhotoRow {
  order_id: number;
  object_key: string;
  content_type: string;
  file_name: string;
  size: number;
  position: number;
}

export async function photosOf(orderName: string): Promise<PhotoRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT p.* FROM order_photos p JOIN orders o ON o.id = p.order_id WHERE o.name = ? ORDER BY p.position`,
  )
    .bind(orderName)
    .all<PhotoRow>();
  return results;
}

export async function storedBytes(key: string): Promise<Uint8Array> {
  const object = await env.BUCKET.get(key);
  if (!object) throw new Error(`no object ${key}`);
  return new Uint8Array(await object.arrayBuffer());
}

/** Whether `needle` occurs in `haystack`. */
export function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** What nothing-stored is checked against: orders, photo rows, R2 objects, queued e-mails. */
export async function storedState() {
  const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  return { orders: await count("orders"), photos: await count("order_photos"), outbox: await count("outbox"), objects: (await objectKeys()).length };
}

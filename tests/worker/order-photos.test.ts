// Photos and sketches with a custom order: accepted by their bytes, stored in R2
// with their order or not at all, shown only to staff, deleted with their order.
import { env, SELF } from "cloudflare:test";
import { siteUrl } from "../../app/config/store";
import { describe, expect, it } from "vitest";
import { purgeExpiredRecords, RETENTION } from "../../app/jobs/retention.server";
import { sweepOrphanPhotos } from "../../app/jobs/orphan-photos.server";
import { createStaff, get, ORIGIN, signIn } from "./helpers";
import { flashToast, issueToken, rows, textOf, uniqueIp } from "./lead-helpers";
import {
  contains,
  objectKeys,
  photoFile,
  photosOf,
  postOrder,
  samplePhoto,
  storedBytes,
  storedState,
  validOrder,
} from "./photo-helpers";

const MB = 1024 * 1024;

/** A file of `size` bytes that starts like a real JPEG. */
function bigJpeg(size: number, name = "big.jpg") {
  const bytes = new Uint8Array(size);
  bytes.set(samplePhoto("ring.jpg"));
  return new File([bytes], name, { type: "image/jpeg" });
}

describe("order photos: each accepted kind, judged by its bytes", () => {
  for (const [file, type] of [
    ["ring.jpg", "image/jpeg"],
    ["ring.png", "image/png"],
    ["ring.webp", "image/webp"],
    ["ring.heic", "image/heic"],
    ["ring.gif", "image/gif"],
  ] as const) {
    it(`stores a ${type} with its order, byte for byte`, async () => {
      const name = `Kind ${file}`;
      const response = await postOrder({ ...validOrder, name }, [photoFile(file)]);
      expect(response.status).toBe(302);
      expect((await flashToast(response))?.message).toBe("Thank you for your order request. We'll call you within one business day.");
      const [photo, ...more] = await photosOf(name);
      expect(more).toEqual([]);
      expect(photo).toMatchObject({ content_type: type, file_name: file, position: 1, size: samplePhoto(file).length });
      expect(photo!.object_key).toMatch(/^order-photos\/[0-9a-f-]{36}$/);
      expect(await storedBytes(photo!.object_key)).toEqual(samplePhoto(file));
    });
  }

  it("takes a HEIC whose browser declared no type (application/octet-stream) by its bytes", async () => {
    const response = await postOrder({ ...validOrder, name: "Undeclared HEIC" }, [
      photoFile("ring.heic", { type: "application/octet-stream" }),
    ]);
    expect(response.status).toBe(302);
    expect((await photosOf("Undeclared HEIC"))[0]?.content_type).toBe("image/heic");
  });

  it("stores three photos in the order chosen, under names that end in their real kind", async () => {
    const response = await postOrder({ ...validOrder, name: "Three Photos" }, [
      photoFile("ring.png", { as: "sketch one.png" }),
      photoFile("ring.jpg", { as: "IMG_0001.JPG" }),
      photoFile("ring.gif", { as: "no-extension", type: "image/gif" }),
    ]);
    expect(response.status).toBe(302);
    const photos = await photosOf("Three Photos");
    expect(photos.map((photo) => [photo.position, photo.file_name])).toEqual([
      [1, "sketch one.png"],
      [2, "IMG_0001.jpg"],
      [3, "no-extension.gif"],
    ]);
    expect(new Set(photos.map((photo) => photo.object_key)).size).toBe(3);
  });

  it("without photos, stores the order as before", async () => {
    expect((await postOrder({ ...validOrder, name: "No Photos" }, [])).status).toBe(302);
    expect(await rows("SELECT id FROM orders WHERE name = 'No Photos'")).toHaveLength(1);
    expect(await photosOf("No Photos")).toEqual([]);
  });
});

describe("order photos: refusals (400, the message beside the field, answers kept, nothing stored)", () => {
  const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, ...new Array(60).fill(0)]);
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="5"/></svg>');
  const cases: [string, () => File[], RegExp][] = [
    ["an executable renamed .jpg", () => [new File([exe], "ring.jpg", { type: "image/jpeg" })], /“ring\.jpg” is not a photo we can take/],
    ["an SVG (it can carry script)", () => [new File([svg], "sketch.svg", { type: "image/svg+xml" })], /“sketch\.svg” is not a photo we can take/],
    ["an SVG renamed .png", () => [new File([svg], "sketch.png", { type: "image/png" })], /“sketch\.png” is not a photo we can take/],
    ["a file of 11 MB", () => [bigJpeg(11 * MB)], /A photo is larger than 10 MB/],
    ["four files", () => ["ring.jpg", "ring.png", "ring.gif", "ring.webp"].map((file) => photoFile(file)), /Please choose up to 3 photos/],
    ["a PNG declared as a JPEG", () => [photoFile("ring.png", { as: "ring.jpg", type: "image/jpeg" })], /“ring\.jpg” is not the kind of file its name or type says/],
    ["a GIF declared as a WebP", () => [photoFile("ring.gif", { as: "ring.webp", type: "image/webp" })], /is not the kind of file its name or type says/],
    ["an empty file", () => [new File([], "empty.jpg", { type: "image/jpeg" })], /“empty\.jpg” is empty/],
    ["a good photo and a bad one", () => [photoFile("ring.jpg"), new File([exe], "setup.png", { type: "image/png" })], /“setup\.png” is not a photo/],
  ];

  for (const [label, files, message] of cases) {
    it(`refuses ${label}`, async () => {
      const before = await storedState();
      const response = await postOrder({ ...validOrder, name: `Refused ${label}` }, files());
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(`value="Refused ${label}"`);
      const text = (await textOf(new Response(html))).replace(/\s+/g, " ");
      expect(text).toMatch(message);
      // Beside the photo field: the error list is the one its input points at.
      const input = /<input[^>]*name="photos"[^>]*>/.exec(html)?.[0] ?? "";
      expect(input).toContain('aria-invalid="true"');
      const errorId = /aria-describedby="[^"]*?(\S+-error)"/.exec(input)?.[1];
      expect(errorId).toBeTruthy();
      expect(html).toMatch(new RegExp(`<ul id="${errorId}"`));
      expect(await storedState()).toEqual(before);
    });
  }

  it("reports a bad photo together with a missing name", async () => {
    const response = await postOrder({ ...validOrder, name: "" }, [new File([svg], "x.svg", { type: "image/svg+xml" })]);
    expect(response.status).toBe(400);
    const text = await textOf(response);
    expect(text).toContain("Please enter your name.");
    expect(text).toContain("is not a photo we can take");
  });

  it("keeps the photo of a form refused for another field (without JavaScript only) and gives it to the order the corrected form sends", async () => {
    const before = await storedState();
    const refused = await postOrder({ ...validOrder, name: "Kept Photo", email: "not-an-email" }, [photoFile("ring.jpg")]);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const note = /name="keptPhoto" value="([^"]+)"/.exec(html)?.[1];
    expect(note, "the page names the kept photo").toBeTruthy();
    // Held in R2, named by no order, and the page never shows its key (the note is sealed).
    expect(await storedState()).toEqual({ ...before, objects: before.objects + 1 });
    expect(html).not.toContain("order-photos/");

    // With JavaScript the browser keeps its own files: /orderOnline/send holds nothing.
    const withScript = await postOrder({ ...validOrder, email: "not-an-email" }, [photoFile("ring.png")], { path: "/orderOnline/send" });
    expect(withScript.status).toBe(400);
    await withScript.text();
    expect((await storedState()).objects).toBe(before.objects + 1);

    // A note that is not ours attaches nothing; the corrected form with the kept one stores the order with it.
    const forged = await postOrder({ ...validOrder, name: "Forged Note", keptPhoto: `${note!.slice(0, -4)}AAAA` }, []);
    expect(forged.status).toBe(302);
    const stored = await postOrder({ ...validOrder, name: "Kept Photo", keptPhoto: note! }, []);
    expect(stored.status).toBe(302);
    expect(await storedState()).toMatchObject({ orders: before.orders + 2, photos: before.photos + 1, objects: before.objects + 1 });
    const [photo] = await rows<{ name: string; file_name: string }>(
      "SELECT o.name, p.file_name FROM order_photos p JOIN orders o ON o.id = p.order_id ORDER BY p.id DESC LIMIT 1",
    );
    expect(photo).toEqual({ name: "Kept Photo", file_name: "ring.jpg" });
  });

  it("stores no photo when the form's own token is refused", async () => {
    const before = await storedState();
    const response = await postOrder({ ...validOrder, name: "Bad Token", email: "not-an-email", submissionToken: "forged" }, [photoFile("ring.jpg")]);
    expect(response.status).toBe(400);
    await response.text();
    expect(await storedState()).toEqual(before);
  });

  it("answers 413 before reading a body over 25 MB, and stores nothing", async () => {
    const before = await storedState();
    const files = [bigJpeg(9 * MB, "a.jpg"), bigJpeg(9 * MB, "b.jpg"), bigJpeg(9 * MB, "c.jpg")];
    const response = await postOrder({ ...validOrder, name: "Too Much" }, files);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Photos may be up to 10 MB each and 25 MB in all");
    expect(await storedState()).toEqual(before);
  });

  it("answers 413 to a body of unknown length once it passes 25 MB, without holding it", async () => {
    const before = await storedState();
    const boundary = "----streamed";
    const token = await issueToken("order");
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="submissionToken"\r\n\r\n${token}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const chunk = new Uint8Array(256 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent > 30 * MB) return controller.close();
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const response = await SELF.fetch(`${ORIGIN}/orderOnline`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, "Content-Type": `multipart/form-data; boundary=${boundary}`, "CF-Connecting-IP": uniqueIp() },
      body,
    });
    expect([400, 413]).toContain(response.status);
    await response.text();
    expect(await storedState()).toEqual(before);
  });

  it("keeps every other form at 64 KB: a large urlencoded order is still 413", async () => {
    const response = await SELF.fetch(`${ORIGIN}/orderOnline`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: `name=${"x".repeat(70 * 1024)}`,
    });
    expect(response.status).toBe(413);
    const contact = new FormData();
    contact.append("photos", bigJpeg(MB));
    const multipartContact = await SELF.fetch(`${ORIGIN}/contactus`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN },
      body: contact,
    });
    expect(multipartContact.status).toBe(413);
  });
});

describe("order photos: never twice, never half", () => {
  it("stores the order and its photos once when the same form is sent twice", async () => {
    const before = await storedState();
    const fields = { ...validOrder, name: "Twice With Photos", submissionToken: await issueToken("order") };
    const ip = uniqueIp();
    const photos = () => [photoFile("ring.jpg"), photoFile("ring.png")];
    expect((await postOrder(fields, photos(), { ip })).status).toBe(302);
    expect((await postOrder(fields, photos(), { ip })).status).toBe(302);
    const [one, two] = await Promise.all([postOrder(fields, photos(), { ip }), postOrder(fields, photos(), { ip })]);
    expect([one!.status, two!.status]).toEqual([302, 302]);
    expect(await rows("SELECT id FROM orders WHERE name = 'Twice With Photos'")).toHaveLength(1);
    expect(await photosOf("Twice With Photos")).toHaveLength(2);
    const after = await storedState();
    expect(after.objects - before.objects).toBe(2);
    // Once each: the staff e-mail and the visitor's "We received your request".
    expect(after.outbox - before.outbox).toBe(2);
  });

  it("deletes the uploaded photos when the order's insert fails, and keeps the answers", async () => {
    await env.DB.exec(
      "CREATE TRIGGER IF NOT EXISTS test_photo_order_fail BEFORE INSERT ON orders WHEN NEW.name = 'Broken Photo Order' BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    try {
      const before = await storedState();
      const response = await postOrder({ ...validOrder, name: "Broken Photo Order" }, [photoFile("ring.jpg"), photoFile("ring.webp")]);
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Failed to submit order. Please try again.");
      expect(html).toContain('value="Broken Photo Order"');
      expect(await storedState()).toEqual(before);
    } finally {
      await env.DB.exec("DROP TRIGGER test_photo_order_fail");
    }
  });

  it("deletes the uploaded photos when a photo row cannot be written (the batch rolls back whole)", async () => {
    await env.DB.exec(
      "CREATE TRIGGER IF NOT EXISTS test_photo_row_fail BEFORE INSERT ON order_photos WHEN NEW.position = 2 BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    try {
      const before = await storedState();
      const response = await postOrder({ ...validOrder, name: "Half Stored" }, [photoFile("ring.jpg"), photoFile("ring.png")]);
      expect(response.status).toBe(503);
      expect(await storedState()).toEqual(before);
    } finally {
      await env.DB.exec("DROP TRIGGER test_photo_row_fail");
    }
  });
});

describe("order photos: an upload that fails", () => {
  it("stores no order when R2 refuses the second photo, deletes the first, and keeps the answers", async () => {
    // R2 itself is real; only this one write is made to fail, as an outage would.
    const bucket = env.BUCKET as R2Bucket & { put: R2Bucket["put"] };
    const put = bucket.put;
    let writes = 0;
    bucket.put = async function (this: R2Bucket, ...args: Parameters<R2Bucket["put"]>) {
      writes += 1;
      if (writes === 2) throw new Error("R2 unavailable");
      return put.apply(bucket, args);
    } as R2Bucket["put"];
    try {
      const before = await storedState();
      const response = await postOrder({ ...validOrder, name: "Upload Outage" }, [photoFile("ring.jpg"), photoFile("ring.png")]);
      expect(writes).toBe(2);
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Failed to submit order. Please try again.");
      expect(html).toContain('value="Upload Outage"');
      expect(await storedState()).toEqual(before);
    } finally {
      bucket.put = put;
    }
  });
});

describe("order photos: location removed before storing", () => {
  // GPS latitude 35° 12' 34.2" as exiftool wrote it: three big-endian RATIONALs (35/1, 12/1, 342/10... as stored).
  function gpsLatitudeBytes(file: Uint8Array): Uint8Array {
    // The GPS IFD's latitude value is found by its degrees rational 35/1 followed by minutes 12/1.
    const pattern = [0, 0, 0, 35, 0, 0, 0, 1, 0, 0, 0, 12, 0, 0, 0, 1];
    const le = [35, 0, 0, 0, 1, 0, 0, 0, 12, 0, 0, 0, 1, 0, 0, 0];
    return contains(file, new Uint8Array(pattern)) ? new Uint8Array(pattern) : new Uint8Array(le);
  }

  /** Where a PNG's eXIf chunk keeps its CRC (-1 elsewhere). */
  function pngExifCrcAt(file: Uint8Array): number {
    for (let i = 8; i + 8 <= file.length; ) {
      const length = new DataView(file.buffer, file.byteOffset).getUint32(i);
      if (String.fromCharCode(...file.subarray(i + 4, i + 8)) === "eXIf") return i + 8 + length;
      i += 12 + length;
    }
    return -1;
  }

  for (const file of ["ring-gps.jpg", "ring-gps.heic", "ring-gps.png", "ring-gps.webp"]) {
    it(`${file}: the GPS position is gone, the rest of the photo (and its orientation) is as sent`, async () => {
      const original = samplePhoto(file);
      const latitude = gpsLatitudeBytes(original);
      expect(contains(original, latitude), "the sample carries a position").toBe(true);
      const name = `Located ${file}`;
      expect((await postOrder({ ...validOrder, name }, [photoFile(file)])).status).toBe(302);
      const stored = await storedBytes((await photosOf(name))[0]!.object_key);
      expect(stored.length).toBe(original.length);
      expect(contains(stored, latitude)).toBe(false);
      expect(contains(stored, new TextEncoder().encode("TestPhone")) || file.endsWith(".png") || file.endsWith(".webp")).toBe(true);
      // Only the location changed: every byte that differs was zeroed (but a PNG chunk's new CRC).
      const crc = pngExifCrcAt(original);
      for (let i = 0; i < original.length; i++) {
        if (stored[i] !== original[i] && stored[i] !== 0 && !(i >= crc && i < crc + 4)) throw new Error(`byte ${i} rewritten`);
      }
    });
  }
});

describe("order photos: staff only", () => {
  async function storedOrderWithPhoto(name: string, file = "ring.jpg", as?: string) {
    expect((await postOrder({ ...validOrder, name }, [photoFile(file, { as })])).status).toBe(302);
    const [photo] = await photosOf(name);
    return photo!;
  }

  it("serves a photo to staff inline, never cached, under a safe name", async () => {
    const photo = await storedOrderWithPhoto("Served Photo", "ring.jpg", 'my "ring"; draft.jpg');
    const cookie = await signIn(await createStaff());
    const response = await get(`/dashboard/orders/${photo.order_id}/photos/1`, { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const disposition = response.headers.get("Content-Disposition") ?? "";
    expect(disposition).toMatch(/^inline; filename="my ring; draft\.jpg"; filename\*=UTF-8''my%20ring%3B%20draft\.jpg$/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(samplePhoto("ring.jpg"));
  });

  it("gives an anonymous request the answer of any staff page, and no bytes", async () => {
    const photo = await storedOrderWithPhoto("Guarded Photo");
    const photoAnswer = await get(`/dashboard/orders/${photo.order_id}/photos/1`);
    const pageAnswer = await get(`/dashboard/orders/${photo.order_id}`);
    expect(photoAnswer.status).toBe(pageAnswer.status);
    expect(photoAnswer.status).toBeGreaterThanOrEqual(300);
    expect(photoAnswer.headers.get("Location")?.replace(/redirectTo=[^&]*/, "")).toBe(
      pageAnswer.headers.get("Location")?.replace(/redirectTo=[^&]*/, ""),
    );
    expect(photoAnswer.headers.get("Content-Type") ?? "").not.toContain("image/");
    const forged = await get(`/dashboard/orders/${photo.order_id}/photos/1`, { Cookie: "staff_session=forged.token.value" });
    expect(forged.status).toBe(pageAnswer.status);
  });

  it("answers 404 for a photo that does not exist", async () => {
    const photo = await storedOrderWithPhoto("Missing Position");
    const cookie = await signIn(await createStaff());
    expect((await get(`/dashboard/orders/${photo.order_id}/photos/2`, { Cookie: cookie })).status).toBe(404);
    expect((await get(`/dashboard/orders/999999/photos/1`, { Cookie: cookie })).status).toBe(404);
  });

  it("shows thumbnails on the record page and a paperclip with the count in the inbox", async () => {
    expect((await postOrder({ ...validOrder, name: "Paperclip Order" }, [photoFile("ring.jpg"), photoFile("ring.heic")])).status).toBe(302);
    const [first] = await photosOf("Paperclip Order");
    const cookie = await signIn(await createStaff());
    const record = await (await get(`/dashboard/orders/${first!.order_id}`, { Cookie: cookie })).text();
    expect(record).toContain(`href="/dashboard/orders/${first!.order_id}/photos/1"`);
    expect(record).toContain(`<img src="/dashboard/orders/${first!.order_id}/photos/1"`);
    expect(record).toContain(`href="/dashboard/orders/${first!.order_id}/photos/2"`);
    expect(await textOf(new Response(record))).toContain("2 photos from the customer");
    const inbox = await textOf(await get("/dashboard?tab=orders&q=Paperclip", { Cookie: cookie }));
    expect(inbox).toMatch(/Paperclip Order\s*2\s*, 2 photos/);
  });

  it("tells staff by e-mail how many photos came, with a link to the record and none to the files", async () => {
    expect((await postOrder({ ...validOrder, name: "Mailed Photos" }, [photoFile("ring.jpg"), photoFile("ring.png")])).status).toBe(302);
    const [row] = await rows<{ id: number; html: string; text_body: string }>(
      "SELECT r.id, o.html, o.text_body FROM outbox o JOIN orders r ON r.id = o.record_id AND o.kind = 'order' WHERE r.name = 'Mailed Photos'",
    );
    expect(row!.text_body).toContain("Photos: 2 (open the order in the dashboard to see them)");
    expect(row!.text_body).toContain(`/dashboard/orders/${row!.id}`);
    expect(row!.html).toContain(`href="${siteUrl(`/dashboard/orders/${row!.id}`)}"`);
    expect(row!.html).not.toContain("/photos/");
    expect(row!.text_body).not.toContain("order-photos/");
  });
});

describe("order photos: retention and the orphan sweep", () => {
  it("deletes an order's photos with the order when retention removes it", async () => {
    expect((await postOrder({ ...validOrder, name: "Expiring Photos" }, [photoFile("ring.jpg"), photoFile("ring.gif")])).status).toBe(302);
    expect((await postOrder({ ...validOrder, name: "Kept Photos" }, [photoFile("ring.png")])).status).toBe(302);
    const expiring = await photosOf("Expiring Photos");
    const kept = await photosOf("Kept Photos");
    const now = Date.now();
    await env.DB.prepare("UPDATE orders SET created_at = ? WHERE name = 'Expiring Photos'").bind(now - RETENTION.leadsMs - 1000).run();

    await purgeExpiredRecords(env, now);

    expect(await rows("SELECT id FROM orders WHERE name = 'Expiring Photos'")).toEqual([]);
    expect(await rows("SELECT id FROM order_photos WHERE order_id = ?", expiring[0]!.order_id)).toEqual([]);
    const keys = await objectKeys();
    for (const photo of expiring) expect(keys).not.toContain(photo.object_key);
    expect(keys).toContain(kept[0]!.object_key);
  });

  it("deletes objects no order refers to, once they are a day old, and keeps the rest", async () => {
    expect((await postOrder({ ...validOrder, name: "Referenced Photo" }, [photoFile("ring.webp")])).status).toBe(302);
    const [referenced] = await photosOf("Referenced Photo");
    const orphan = `order-photos/${crypto.randomUUID()}`;
    await env.BUCKET.put(orphan, samplePhoto("ring.jpg"));

    expect(await sweepOrphanPhotos(env, Date.now())).toBe(0);
    expect(await objectKeys()).toContain(orphan);

    const removed = await sweepOrphanPhotos(env, Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(removed).toBeGreaterThanOrEqual(1);
    const keys = await objectKeys();
    expect(keys).not.toContain(orphan);
    expect(keys).toContain(referenced!.object_key);
  });

  it("runs the sweep from the nightly trigger and not from the 5-minute one", async () => {
    const orphan = `order-photos/${crypto.randomUUID()}`;
    await env.BUCKET.put(orphan, samplePhoto("ring.gif"));
    const { handleScheduled, NIGHTLY_CRON } = await import("../../workers/scheduled");
    const waits: Promise<unknown>[] = [];
    const ctx = { waitUntil: (promise: Promise<unknown>) => waits.push(promise) } as unknown as ExecutionContext;
    handleScheduled({ cron: NIGHTLY_CRON, scheduledTime: Date.now() } as ScheduledController, env, ctx);
    expect(waits).toHaveLength(1);
    await Promise.all(waits);
  });
});

describe("order photos: the visitor's byte budget", () => {
  it("refuses a post that would pass 100 MB in the hour, before reading it", async () => {
    const ip = uniqueIp();
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`photo-bytes:${ip}`, now - (now % hour), 100 * MB - 1000)
      .run();
    const before = await storedState();
    const response = await postOrder({ ...validOrder, name: "Over Budget" }, [photoFile("ring.jpg")], { ip });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await textOf(response)).toContain("You have sent a lot of photos in the last hour");
    expect(await storedState()).toEqual(before);
  });

  it("still applies the form limit: the 6th order with a photo in a row is 429, and its photo is not kept", async () => {
    const ip = uniqueIp();
    const before = await storedState();
    for (let i = 0; i < 5; i++) {
      expect((await postOrder({ ...validOrder, name: `Limited Photos ${i}` }, [photoFile("ring.gif")], { ip })).status).toBe(302);
    }
    const limited = await postOrder({ ...validOrder, name: "Limited Photos 5" }, [photoFile("ring.gif")], { ip });
    expect(limited.status).toBe(429);
    expect(await textOf(limited)).toContain("Too many submissions from your connection.");
    const after = await storedState();
    expect(after.orders - before.orders).toBe(5);
    expect(after.objects - before.objects).toBe(5);
  });

  it("counts what a visitor sends", async () => {
    const ip = uniqueIp();
    expect((await postOrder({ ...validOrder, name: "Counted Bytes" }, [photoFile("ring.png")], { ip })).status).toBe(302);
    const [row] = await rows<{ count: number }>("SELECT count FROM rate_limits WHERE key = ?", `photo-bytes:${ip}`);
    expect(row!.count).toBeGreaterThan(samplePhoto("ring.png").length);
  });
});

describe("order photos: the JavaScript path (/orderOnline/send)", () => {
  it("answers JSON: a stored order leaves the success toast for the reloaded page", async () => {
    const response = await postOrder({ ...validOrder, name: "Sent With Progress" }, [photoFile("ring.jpg")], { path: "/orderOnline/send" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual({ stored: true });
    expect((await flashToast(response))?.message).toBe("Thank you for your order request. We'll call you within one business day.");
    expect(await photosOf("Sent With Progress")).toHaveLength(1);
  });

  it("answers a refused photo with the form's result as JSON", async () => {
    const before = await storedState();
    const response = await postOrder({ ...validOrder, name: "Sent Refused" }, [photoFile("ring.png", { as: "x.jpg", type: "image/jpeg" })], {
      path: "/orderOnline/send",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(body.result.error.photos?.[0]).toContain("is not the kind of file its name or type says");
    expect(body.result.initialValue.name).toBe("Sent Refused");
    expect(await storedState()).toEqual(before);
  });
});

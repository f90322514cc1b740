// Issue 26's photo items: crafted photos cost no more than plain ones of their
// size, a structure that points outside itself is refused, the position is gone
// from XMP too, chunked posts spend the photo budget as they stream, and a post
// the form limit refuses never has its photos parsed or written.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  ascii,
  concat,
  gpsTiffPointingOutside,
  heicWith,
  jpegWithApp1,
  LATITUDE,
  overlappingGpsTiff,
  padded,
  pngChunk,
  pngWithChunk,
  pngXmpChunk,
  VP8X_EXIF,
  VP8X_XMP,
  webpWithChunk,
  XMP_LATITUDE,
  XMP_WITH_POSITION,
  type Bytes,
  type Kind,
} from "../support/crafted-photos";
import { rows, textOf, uniqueIp } from "./lead-helpers";
import { contains, IMAGE_TYPES, photoFile, photosOf, postOrder, samplePhoto, storedBytes, storedState, validOrder } from "./photo-helpers";

const MB = 1024 * 1024;

const asFile = (bytes: Bytes, kind: Kind, name = `crafted.${kind}`) => new File([bytes], name, { type: IMAGE_TYPES[kind] });

/** Posts one photo with an order and times it to the end of the answer. */
async function timedOrder(name: string, file: File) {
  const started = performance.now();
  const response = await postOrder({ ...validOrder, name }, [file]);
  const text = await textOf(response);
  return { status: response.status, text, ms: performance.now() - started };
}

/**
 * The crafted photo against a plain one of the same kind and size, posted in
 * this test right before it: at most 3× its time plus 200 ms (generous on a
 * loaded machine; a per-entry or per-extent walk took seconds).
 */
async function expectNoSlowerThanPlain(kind: Kind, crafted: Bytes, label: string) {
  const plain = padded(kind, samplePhoto(`ring.${kind}`), crafted.length);
  expect(Math.abs(plain.length - crafted.length)).toBeLessThan(16);
  await timedOrder(`Warm-up ${label}`, asFile(plain, kind)); // the first post of a kind pays for compiling its path
  const plainPost = await timedOrder(`Plain ${label}`, asFile(plain, kind));
  expect(plainPost.status).toBe(302);
  const craftedPost = await timedOrder(`Crafted ${label}`, asFile(crafted, kind));
  expect(craftedPost.ms, `crafted ${craftedPost.ms.toFixed(0)} ms, plain ${plainPost.ms.toFixed(0)} ms`).toBeLessThanOrEqual(
    3 * plainPost.ms + 200,
  );
  return craftedPost;
}

describe("crafted photos cost what a plain photo of their size costs", () => {
  it("a HEIC whose 20,000 items each claim 65,535 empty extents", async () => {
    const crafted = heicWith({ items: 20_000, extents: 65_535 });
    const post = await expectNoSlowerThanPlain("heic", crafted, "HEIC extents");
    // Nothing in it points outside the file: an odd HEIC, but a HEIC.
    expect(post.status).toBe(302);
  });

  // Every entry of the GPS directory points at one area full of latitudes.
  const exifBlock = (tiff: Bytes) => concat(ascii("Exif\0\0"), tiff);
  const cases: [Kind, () => Bytes][] = [
    ["webp", () => webpWithChunk(samplePhoto("ring.webp"), "EXIF", exifBlock(overlappingGpsTiff(8000, 90_000)), VP8X_EXIF)],
    ["png", () => pngWithChunk(samplePhoto("ring.png"), pngChunk("eXIf", overlappingGpsTiff(8000, 90_000)))],
    ["heic", () => heicWith({ exif: overlappingGpsTiff(8000, 90_000) })],
    // One APP1 segment holds at most 64 KB.
    ["jpg", () => jpegWithApp1(samplePhoto("ring.jpg"), exifBlock(overlappingGpsTiff(2600, 32_000)))],
  ];
  for (const [kind, build] of cases) {
    it(`a ${kind.toUpperCase()} whose GPS entries all point at one area is cleaned once, and stored without it`, async () => {
      const crafted = build();
      expect(contains(crafted, LATITUDE)).toBe(true);
      const post = await expectNoSlowerThanPlain(kind, crafted, `Exif ${kind}`);
      expect(post.status).toBe(302);
      const [photo] = await photosOf(`Crafted Exif ${kind}`);
      expect(contains(await storedBytes(photo!.object_key), LATITUDE)).toBe(false);
    });
  }
});

describe("a photo whose structure points outside itself is refused: 400 beside the field, nothing stored", () => {
  const webp = samplePhoto("ring.webp");
  const png = samplePhoto("ring.png");
  const jpeg = samplePhoto("ring.jpg");
  const cases: [string, Kind, () => Bytes][] = [
    ["a WebP whose GPS latitude lies past its EXIF chunk", "webp", () => webpWithChunk(webp, "EXIF", concat(ascii("Exif\0\0"), gpsTiffPointingOutside(64)), VP8X_EXIF)],
    ["a HEIC whose Exif item lies a megabyte past the file's end", "heic", () => heicWith({ exif: overlappingGpsTiff(1, 16), shift: MB })],
    ["a HEIC whose iloc says more extents than it holds", "heic", () => {
      const file = heicWith({ exif: overlappingGpsTiff(1, 16) });
      // The one item's extent count (the 2 bytes before its offset and length) becomes 2.
      const iloc = Buffer.from(file).indexOf("iloc") + 4 + 4 + 2 + 2;
      file[iloc + 2 + 2 + 1] = 2;
      return file;
    }],
    ["a JPEG whose Exif segment runs past the file's end", "jpg", () => concat(jpeg.subarray(0, 2), [0xff, 0xe1, 0xff, 0xf0], ascii("Exif\0\0"), jpeg.subarray(2, 200))],
    ["a PNG whose chunk runs past the file's end", "png", () => pngWithChunk(png, concat([0x01, 0, 0, 0], ascii("tEXt"), ascii("Comment\0x")))],
  ];
  for (const [label, kind, build] of cases) {
    it(`refuses ${label}`, async () => {
      const before = await storedState();
      const response = await postOrder({ ...validOrder, name: `Damaged ${kind}` }, [asFile(build(), kind, `damaged.${kind}`)]);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(`value="Damaged ${kind}"`);
      expect((await textOf(new Response(html))).replace(/\s+/g, " ")).toContain(
        `“damaged.${kind}” looks damaged: parts of it point outside the file.`,
      );
      expect(await storedState()).toEqual(before);
    });
  }
});

describe("the position is removed from XMP and from an Exif block with an odd header", () => {
  const xmpText = new TextEncoder().encode("GPSLatitude");
  it("PNG: an iTXt XMP chunk keeps its place with a text of spaces", async () => {
    const file = pngWithChunk(samplePhoto("ring.png"), pngXmpChunk(XMP_WITH_POSITION));
    expect((await postOrder({ ...validOrder, name: "XMP in PNG" }, [asFile(file, "png")])).status).toBe(302);
    const stored = await storedBytes((await photosOf("XMP in PNG"))[0]!.object_key);
    expect(stored.length).toBe(file.length);
    expect(contains(stored, XMP_LATITUDE)).toBe(false);
    expect(contains(stored, xmpText)).toBe(false);
    expect(contains(stored, new TextEncoder().encode("XML:com.adobe.xmp"))).toBe(true);
  });

  it("WebP: the XMP chunk", async () => {
    const file = webpWithChunk(samplePhoto("ring.webp"), "XMP ", XMP_WITH_POSITION, VP8X_XMP);
    expect((await postOrder({ ...validOrder, name: "XMP in WebP" }, [asFile(file, "webp")])).status).toBe(302);
    const stored = await storedBytes((await photosOf("XMP in WebP"))[0]!.object_key);
    expect(stored.length).toBe(file.length);
    expect(contains(stored, XMP_LATITUDE)).toBe(false);
    expect(contains(stored, xmpText)).toBe(false);
  });

  it("JPEG: an Exif header of Exif\\0\\xff, which readers take", async () => {
    const file = samplePhoto("ring-gps.jpg");
    const header = Buffer.from(file).indexOf("Exif\0\0");
    file[header + 5] = 0xff;
    expect(contains(file, LATITUDE)).toBe(true);
    expect((await postOrder({ ...validOrder, name: "Odd Exif header" }, [asFile(file, "jpg")])).status).toBe(302);
    expect(contains(await storedBytes((await photosOf("Odd Exif header"))[0]!.object_key), LATITUDE)).toBe(false);
  });
});

describe("the photo budget counts a chunked post as it streams", () => {
  const spent = async (ip: string) =>
    (await rows<{ count: number }>("SELECT count FROM rate_limits WHERE key = ?", `photo-bytes:${ip}`))[0]?.count ?? 0;
  const spend = async (ip: string, bytes: number) => {
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`photo-bytes:${ip}`, now - (now % hour), bytes)
      .run();
  };
  const jpegOf = (size: number) => padded("jpg", samplePhoto("ring.jpg"), size);

  it("stops a chunked post once the hour's 100 MB run out, and stores nothing", async () => {
    const ip = uniqueIp();
    await spend(ip, 100 * MB - 2 * MB);
    const before = await storedState();
    const response = await postOrder({ ...validOrder, name: "Chunked Over Budget" }, [asFile(jpegOf(6 * MB), "jpg")], { ip, chunked: true });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await textOf(response)).toContain("You have sent a lot of photos in the last hour");
    expect(await storedState()).toEqual(before);
    // Stopped within a step of the limit, not after the whole 6 MB.
    expect(await spent(ip)).toBeLessThan(100 * MB + 2 * MB);
  });

  it("refuses a chunked post from a visitor whose hour is spent before reading it", async () => {
    const ip = uniqueIp();
    await spend(ip, 100 * MB);
    const response = await postOrder({ ...validOrder, name: "Chunked Spent" }, [photoFile("ring.jpg")], { ip, chunked: true });
    expect(response.status).toBe(429);
  });

  it("counts a chunked post that is refused for its photo", async () => {
    const ip = uniqueIp();
    const svg = new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg">${" ".repeat(3 * MB)}</svg>`);
    const response = await postOrder({ ...validOrder, name: "Chunked Refused" }, [new File([svg], "x.png", { type: "image/png" })], { ip, chunked: true });
    expect(response.status).toBe(400);
    expect(await spent(ip)).toBeGreaterThanOrEqual(svg.length);
  });

  it("counts a chunked post that is stored", async () => {
    const ip = uniqueIp();
    const photo = jpegOf(2 * MB + 1000);
    expect((await postOrder({ ...validOrder, name: "Chunked Stored" }, [asFile(photo, "jpg")], { ip, chunked: true })).status).toBe(302);
    expect(await spent(ip)).toBeGreaterThanOrEqual(photo.length);
  });
});

describe("a post the form limit refuses never has its photos parsed or written", () => {
  it("the 6th order in a row is 429 before its photo is read: a damaged one is not even found damaged", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      expect((await postOrder({ ...validOrder, name: `Limit first ${i}` }, [photoFile("ring.gif")], { ip })).status).toBe(302);
    }
    const bucket = env.BUCKET as R2Bucket & { put: R2Bucket["put"] };
    const put = bucket.put;
    let writes = 0;
    bucket.put = async function (this: R2Bucket, ...args: Parameters<R2Bucket["put"]>) {
      writes += 1;
      return put.apply(bucket, args);
    } as R2Bucket["put"];
    try {
      const before = await storedState();
      const damaged = webpWithChunk(samplePhoto("ring.webp"), "EXIF", concat(ascii("Exif\0\0"), gpsTiffPointingOutside(64)), VP8X_EXIF);
      const limited = await postOrder({ ...validOrder, name: "Limit sixth" }, [photoFile("ring.png"), asFile(damaged, "webp")], { ip });
      expect(limited.status).toBe(429);
      expect(await textOf(limited)).toContain("Too many submissions from your connection.");
      expect(writes).toBe(0);
      expect(await storedState()).toEqual(before);
    } finally {
      bucket.put = put;
    }
  });
});

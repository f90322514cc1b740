// Builds the photos a red team would send the order form: structures that are
// well-formed enough to be taken for a photo, crafted to make a careless parser
// repeat its work, point outside themselves, or hide a position where a careless
// cleaner does not look. The product's parser (app/photos/) is what is tested;
// this only writes bytes. Used by tests/worker/photo-hardening.test.ts and the
// bench's "crafted photos" phase, which both pass in the plain sample photos.

import { concat, u16, u32, type Bytes } from "./bytes.ts";

export { concat } from "./bytes.ts";
export type { Bytes } from "./bytes.ts";

const encoder = new TextEncoder();
export const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
const u32le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

/** A latitude of 35° 12' as the GPS IFD stores it: big-endian RATIONALs 35/1, 12/1. */
export const LATITUDE = new Uint8Array([...u32(35), ...u32(1), ...u32(12), ...u32(1)]);
/** An XMP packet that repeats the position, as photo editors write it. */
export const XMP_WITH_POSITION = encoder.encode(
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="35,12.57N" exif:GPSLongitude="89,52.31W"/>' +
    "</rdf:RDF></x:xmpmeta>",
);
export const XMP_LATITUDE = encoder.encode("35,12.57N");

// ---------------------------------------------------------------- TIFF (Exif)

/**
 * A big-endian TIFF whose IFD0 points at a GPS IFD of `entries` entries, every
 * one of them pointing at the same `valueBytes` bytes (filled with LATITUDE): a
 * cleaner that zeroes each entry's value on its own does it `entries` times.
 */
export function overlappingGpsTiff(entries: number, valueBytes: number): Bytes {
  const gpsIfd = 8 + 2 + 12 + 4;
  const values = gpsIfd + 2 + entries * 12 + 4;
  const entry = (i: number) => [...u16((i % 30) + 1), ...u16(7), ...u32(valueBytes), ...u32(values)]; // UNDEFINED
  const area = new Uint8Array(valueBytes);
  for (let i = 0; i + LATITUDE.length <= valueBytes; i += LATITUDE.length) area.set(LATITUDE, i);
  return concat(
    [...ascii("MM"), ...u16(42), ...u32(8)],
    [...u16(1), ...u16(0x8825), ...u16(4), ...u32(1), ...u32(gpsIfd), ...u32(0)],
    [...u16(entries), ...Array.from({ length: entries }, (_, i) => entry(i)).flat(), ...u32(0)],
    area,
  );
}

/** A TIFF whose GPS IFD's latitude value lies `beyond` bytes past the end of the TIFF itself. */
export function gpsTiffPointingOutside(beyond: number): Bytes {
  const gpsIfd = 8 + 2 + 12 + 4;
  const size = gpsIfd + 2 + 12 + 4;
  return concat(
    [...ascii("MM"), ...u16(42), ...u32(8)],
    [...u16(1), ...u16(0x8825), ...u16(4), ...u32(1), ...u32(gpsIfd), ...u32(0)],
    [...u16(1), ...u16(2), ...u16(5), ...u32(3), ...u32(size + beyond), ...u32(0)],
  );
}

// ---------------------------------------------------------------- containers

/** The JPEG with an APP1 segment of `data` right after its SOI. */
export function jpegWithApp1(jpeg: Uint8Array, data: Uint8Array | number[]): Bytes {
  if (data.length + 2 > 0xffff) throw new Error("an APP1 segment holds at most 65,533 bytes");
  return concat(jpeg.subarray(0, 2), [0xff, 0xe1, ...u16(data.length + 2)], data, jpeg.subarray(2));
}

/** The WebP (extended, VP8X) with a chunk added at its end, its RIFF size and VP8X flags kept right. */
export function webpWithChunk(webp: Uint8Array, fourcc: string, data: Uint8Array, flag = 0): Bytes {
  const out = concat(webp, ascii(fourcc), u32le(data.length), data, data.length % 2 ? [0] : []);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  if (String.fromCharCode(...out.subarray(12, 16)) === "VP8X") out[20]! |= flag;
  return out;
}
export const VP8X_EXIF = 0x08;
export const VP8X_XMP = 0x04;

let crcTable: number[] | undefined;
function crc32(bytes: Uint8Array): number {
  crcTable ??= Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG chunk with its CRC. */
export function pngChunk(type: string, data: Uint8Array): Bytes {
  const body = concat(ascii(type), data);
  return concat(u32(data.length), body, u32(crc32(body)));
}

/** The PNG with `chunk` inserted after its IHDR. */
export function pngWithChunk(png: Uint8Array, chunk: Uint8Array): Bytes {
  const afterHeader = 8 + 12 + new DataView(png.buffer, png.byteOffset).getUint32(8);
  return concat(png.subarray(0, afterHeader), chunk, png.subarray(afterHeader));
}

/** An iTXt chunk holding XMP, as Photoshop and exiftool write it (uncompressed). */
export const pngXmpChunk = (xmp: Uint8Array) => pngChunk("iTXt", concat(ascii("XML:com.adobe.xmp"), [0, 0, 0, 0, 0], xmp));

const box = (type: string, ...content: (Uint8Array | number[])[]) => {
  const body = concat(...content);
  return concat(u32(body.length + 8), ascii(type), body);
};
const fullBox = (type: string, version: number, ...content: (Uint8Array | number[])[]) =>
  box(type, [version, 0, 0, 0], ...content);

/**
 * A HEIC (ftyp, meta, mdat) whose meta declares one Exif item (id 1).
 * - `{ items, extents }`: an iloc of `items` items, each claiming `extents` extents
 *   of zero bytes (offset and length sizes 0). A walker that does not weigh the
 *   extents against the box's size loops `items × extents` times, six bytes per item.
 * - `{ exif }`: item 1 is that Exif block (with its 4-byte TIFF header offset), in
 *   mdat, `shift` bytes further than where it really is.
 */
export function heicWith(options: { items: number; extents: number } | { exif: Uint8Array; shift?: number }): Bytes {
  const ftyp = box("ftyp", ascii("heic"), u32(0), ascii("mif1heic"));
  const infe = fullBox("infe", 2, u16(1), u16(0), ascii("Exif"), [0]);
  const iinf = fullBox("iinf", 0, u16(1), infe);
  const hdlr = fullBox("hdlr", 0, u32(0), ascii("pict"), u32(0), u32(0), u32(0), [0]);
  if ("items" in options) {
    const items = Array.from({ length: options.items }, (_, i) => [...u16(i + 1), ...u16(0), ...u16(options.extents)]);
    return concat(ftyp, fullBox("meta", 0, hdlr, iinf, fullBox("iloc", 0, [0x00, 0x00], u16(options.items), items.flat())), box("mdat"));
  }
  const exif = concat(u32(0), options.exif);
  // version 0, offsets and lengths of 4 bytes, one item with one extent.
  const meta = (at: number) => fullBox("meta", 0, hdlr, iinf, fullBox("iloc", 0, [0x44, 0x00], u16(1), u16(1), u16(0), u16(1), u32(at), u32(exif.length)));
  const mdatData = ftyp.length + meta(0).length + 8;
  return concat(ftyp, meta(mdatData + (options.shift ?? 0)), box("mdat", exif));
}

// ---------------------------------------------------------------- plain files of a given size

/** The sample padded to `size` bytes the way its kind allows, so a plain parse walks as many bytes. */
export function padded(kind: Kind, sample: Uint8Array, size: number): Bytes {
  const filler = (n: number) => {
    const bytes = new Uint8Array(Math.max(0, n));
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + 7) % 251; // never 0xFF
    return bytes;
  };
  switch (kind) {
    case "jpg": // more entropy-coded data before the end of the image
      return concat(sample.subarray(0, sample.length - 2), filler(size - sample.length), [0xff, 0xd9]);
    case "png": // a private ancillary chunk
      return pngWithChunk(sample, pngChunk("prVt", filler(size - sample.length - 12)));
    case "webp": // an unknown chunk, which readers skip
      return webpWithChunk(sample, "PADD", filler(size - sample.length - 8));
    case "heic": // a free box at the end
      return concat(sample, box("free", filler(size - sample.length - 8)));
  }
}

// ---------------------------------------------------------------- the hostile corpus

export interface CraftedPhoto {
  name: string;
  kind: Kind;
  bytes: Bytes;
}
export type Kind = "jpg" | "png" | "webp" | "heic";

/**
 * Every crafted photo above at its worst, padded to `size` bytes the way its kind
 * allows (the bench's "crafted photos" phase compares each with a plain photo of
 * the same kind and size). `samples` are the plain sample photos by kind.
 */
export function hostilePhotoCorpus(samples: Record<Kind, Uint8Array>, size: number): CraftedPhoto[] {
  const exif = (tiff: Bytes) => concat(ascii("Exif\0\0"), tiff);
  const overlapping = overlappingGpsTiff(8000, 90_000);
  // A JPEG segment holds 64 KB: the JPEG repeats its crafted Exif segment instead.
  let jpeg: Bytes = concat(samples.jpg);
  for (let i = 0; i < 8; i++) jpeg = jpegWithApp1(jpeg, exif(overlappingGpsTiff(2600, 32_000)));
  const corpus: CraftedPhoto[] = [
    { name: "HEIC: 20,000 items × 65,535 empty extents", kind: "heic", bytes: heicWith({ items: 20_000, extents: 65_535 }) },
    { name: "HEIC: Exif item, 8,000 GPS entries on one area", kind: "heic", bytes: heicWith({ exif: overlapping }) },
    { name: "WebP: EXIF, 8,000 GPS entries on one area", kind: "webp", bytes: webpWithChunk(samples.webp, "EXIF", exif(overlapping), VP8X_EXIF) },
    { name: "PNG: eXIf, 8,000 GPS entries on one area", kind: "png", bytes: pngWithChunk(samples.png, pngChunk("eXIf", overlapping)) },
    { name: "JPEG: 8 Exif segments, 2,600 GPS entries each on one area", kind: "jpg", bytes: jpeg },
    { name: "PNG: iTXt XMP with a position", kind: "png", bytes: pngWithChunk(samples.png, pngXmpChunk(XMP_WITH_POSITION)) },
    { name: "WebP: XMP chunk with a position", kind: "webp", bytes: webpWithChunk(samples.webp, "XMP ", XMP_WITH_POSITION, VP8X_XMP) },
  ];
  return corpus.map((photo) => ({ ...photo, bytes: padded(photo.kind, photo.bytes, size) }));
}

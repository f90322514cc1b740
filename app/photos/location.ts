// Takes the GPS position out of a photo before it is stored (docs/decisions/061).
// Phone photos carry where they were taken, often the visitor's home; staff never
// need it. The work is done in place, at the same length, so offsets inside the
// file stay right and nothing is copied:
//
// - the Exif GPS IFD (JPEG APP1, HEIC's Exif item, WebP's EXIF chunk, PNG's eXIf)
//   is emptied: its entries and their values become zeros and its count 0; the
//   rest of Exif (orientation, so the photo is not shown sideways) stays;
// - XMP (which can repeat the position) becomes spaces: a JPEG's XMP segments
//   become comments, WebP's `XMP ` chunk and PNG's XMP and raw-profile text chunks
//   keep their place with a text of spaces;
// - whatever follows a JPEG's last image (a motion photo's video, a maker's
//   trailer) is cut off: the returned length is what to keep.
//
// The work is linear in the file's bytes: every walk stops at the end of its
// segment, chunk or box, and a structure that points outside itself throws
// DamagedPhotoError, which refuses the photo (docs/decisions/086).

import type { ChunkedBytes } from "./bytes";
import { blankExifGps, damaged, exifTiffStart } from "./exif";
import { heif } from "./heif";
import type { PhotoKind } from "./rules";

export { DamagedPhotoError } from "./exif";

/** Removes location data in place; returns how many leading bytes to store. Throws DamagedPhotoError. */
export function removeLocation(kind: PhotoKind, bytes: ChunkedBytes): number {
  switch (kind) {
    case "image/jpeg":
      return jpeg(bytes);
    case "image/heic":
    case "image/heif":
      heif(bytes);
      return bytes.length;
    case "image/webp":
      webp(bytes);
      return bytes.length;
    case "image/png":
      png(bytes);
      return bytes.length;
    case "image/gif":
      return bytes.length;
  }
}

// ---------------------------------------------------------------- JPEG

const XMP_HEADERS = ["http://ns.adobe.com/xap/1.0/\0", "http://ns.adobe.com/xmp/extension/\0"];
const COMMENT = 0xfe;

/** Walks every image in the file (a primary and any MPF images after it); returns where the last one ends. */
function jpeg(bytes: ChunkedBytes): number {
  let position = 0;
  for (;;) {
    const end = jpegImage(bytes, position + 2);
    if (end < 0) return bytes.length; // no end of image: keep it as sent, location already removed
    let next = end;
    while (bytes.at(next) === 0x00) next++;
    if (bytes.at(next) !== 0xff || bytes.at(next + 1) !== 0xd8) return end;
    position = next;
  }
}

/** The segments of one image from just after its SOI; the offset after its EOI, or -1. */
function jpegImage(bytes: ChunkedBytes, start: number): number {
  let position = start;
  for (;;) {
    if (bytes.at(position) !== 0xff) {
      position = bytes.indexOf(0xff, position);
      if (position < 0) return -1;
    }
    while (bytes.at(position) === 0xff) position++;
    const markerAt = position;
    const marker = bytes.at(position++);
    if (marker < 0) return -1;
    if (marker === 0xd9) return position;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xd8) continue;
    const length = bytes.uint16(position);
    if (length < 2 || position + length > bytes.length) damaged("a segment runs past the end of the file");
    const data = position + 2;
    const end = position + length;
    if (marker === 0xe1) app1(bytes, markerAt, data, end);
    position = end;
    if (marker === 0xda) {
      position = entropyEnd(bytes, position);
      if (position < 0) return -1;
    }
  }
}

function app1(bytes: ChunkedBytes, markerAt: number, data: number, end: number) {
  if (bytes.ascii(data, 4) === "Exif") {
    blankExifGps(bytes, exifTiffStart(bytes, data, end), end);
  } else if (XMP_HEADERS.some((header) => bytes.ascii(data, header.length) === header)) {
    bytes.set(markerAt, COMMENT);
    bytes.fill(data, end, 0x20);
  }
}

/** After a scan header: the offset of the next marker's 0xFF (skipping stuffed 0xFF00 and restart markers). */
function entropyEnd(bytes: ChunkedBytes, from: number): number {
  let position = from;
  for (;;) {
    const ff = bytes.indexOf(0xff, position);
    if (ff < 0) return -1;
    const next = bytes.at(ff + 1);
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) {
      position = ff + 1;
      continue;
    }
    return ff;
  }
}

// ---------------------------------------------------------------- WebP and PNG

/** The VP8X header's flag saying the file has XMP. */
const VP8X_XMP_FLAG = 0x04;

function webp(bytes: ChunkedBytes) {
  let position = 12;
  while (position + 8 <= bytes.length) {
    const type = bytes.ascii(position, 4);
    const size = bytes.uint32(position + 4, true);
    const data = position + 8;
    if (data + size > bytes.length) damaged(`the ${JSON.stringify(type)} chunk runs past the end of the file`);
    if (type === "EXIF") blankExifGps(bytes, exifTiffStart(bytes, data, data + size), data + size);
    if (type === "XMP ") {
      bytes.fill(data, data + size, 0x20);
      if (bytes.ascii(12, 4) === "VP8X") bytes.set(20, bytes.at(20) & ~VP8X_XMP_FLAG);
    }
    position = data + size + (size % 2);
  }
}

let crcTable: Uint32Array | undefined;

function crc32(bytes: ChunkedBytes, start: number, end: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let offset = start; offset < end; offset++) crc = crcTable[(crc ^ bytes.at(offset)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Text chunks that hold XMP, or Exif and XMP as hex (ImageMagick's "Raw profile type exif"). */
const isLocatingKeyword = (keyword: string) => keyword === "XML:com.adobe.xmp" || keyword.startsWith("Raw profile type");

/** The keyword of a text chunk at [data, end) (1–79 bytes, then a NUL), or null. */
function textKeyword(bytes: ChunkedBytes, data: number, end: number): string | null {
  for (let at = data; at < Math.min(end, data + 80); at++) if (bytes.at(at) === 0) return bytes.ascii(data, at - data);
  return null;
}

/**
 * Keeps an XMP or raw-profile text chunk in place as a valid one whose text is
 * spaces: tEXt's text, iTXt's text (uncompressed, no language), and a zTXt
 * becomes a tEXt. Returns whether it changed anything.
 */
function blankTextChunk(bytes: ChunkedBytes, typeAt: number, data: number, end: number): boolean {
  const type = bytes.ascii(typeAt, 4);
  if (type !== "tEXt" && type !== "zTXt" && type !== "iTXt") return false;
  const keyword = textKeyword(bytes, data, end);
  if (keyword === null || !isLocatingKeyword(keyword)) return false;
  let text = data + keyword.length + 1;
  if (type === "zTXt") [..."tEXt"].forEach((letter, i) => bytes.set(typeAt + i, letter.charCodeAt(0)));
  if (type === "iTXt" && text + 4 <= end) {
    // Compression flag and method 0, an empty language tag and translated keyword.
    bytes.fill(text, text + 4, 0);
    text += 4;
  }
  bytes.fill(text, end, 0x20);
  return true;
}

function png(bytes: ChunkedBytes) {
  let position = 8;
  while (position + 12 <= bytes.length) {
    const length = bytes.uint32(position);
    const typeAt = position + 4;
    const data = position + 8;
    const end = data + length;
    if (end + 4 > bytes.length) damaged(`the ${JSON.stringify(bytes.ascii(typeAt, 4))} chunk runs past the end of the file`);
    const type = bytes.ascii(typeAt, 4);
    const changed =
      type === "eXIf" ? blankExifGps(bytes, exifTiffStart(bytes, data, end), end) : blankTextChunk(bytes, typeAt, data, end);
    if (changed) {
      // The chunk's CRC covers its type and data: write the new one.
      const crc = crc32(bytes, typeAt, end);
      [24, 16, 8, 0].forEach((shift, i) => bytes.set(end + i, (crc >>> shift) & 0xff));
    }
    if (type === "IEND") return;
    position = end + 4;
  }
}

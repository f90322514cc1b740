// Takes the GPS position out of a photo before it is stored (docs/decisions/061).
// Phone photos carry where they were taken, often the visitor's home; staff never
// need it. The work is done in place, at the same length, so offsets inside the
// file stay right and nothing is copied:
//
// - the Exif GPS IFD (JPEG APP1, HEIC's Exif item, WebP's EXIF chunk, PNG's eXIf)
//   is emptied: its entries and their values become zeros and its count 0; the
//   rest of Exif (orientation, so the photo is not shown sideways) stays;
// - XMP packets in a JPEG (which can repeat the position) become comments of spaces;
// - whatever follows a JPEG's last image (a motion photo's video, a maker's
//   trailer) is cut off: the returned length is what to keep.

import type { ChunkedBytes } from "./bytes";
import type { PhotoKind } from "./rules";

/** Removes location data in place; returns how many leading bytes to store. */
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

// ---------------------------------------------------------------- Exif (TIFF)

/** Bytes per value of each TIFF field type (1 BYTE … 13 IFD). */
const TIFF_TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];
const GPS_IFD_POINTER = 0x8825;
const IFD_ENTRY = 12;

/** Empties the GPS IFD of the TIFF structure at [tiff, end). Returns whether there was one. */
export function blankExifGps(bytes: ChunkedBytes, tiff: number, end: number): boolean {
  const order = bytes.ascii(tiff, 2);
  if (order !== "II" && order !== "MM") return false;
  const le = order === "II";
  if (bytes.uint16(tiff + 2, le) !== 42) return false;
  const ifd0 = tiff + bytes.uint32(tiff + 4, le);
  const count = bytes.uint16(ifd0, le);
  let found = false;
  for (let i = 0; i < count; i++) {
    const entry = ifd0 + 2 + i * IFD_ENTRY;
    if (entry + IFD_ENTRY > end) break;
    if (bytes.uint16(entry, le) !== GPS_IFD_POINTER) continue;
    blankIfd(bytes, tiff, tiff + bytes.uint32(entry + 8, le), end, le);
    found = true;
  }
  return found;
}

function blankIfd(bytes: ChunkedBytes, tiff: number, ifd: number, end: number, le: boolean) {
  if (ifd < tiff || ifd + 2 > end) return;
  const count = bytes.uint16(ifd, le);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * IFD_ENTRY;
    if (entry + IFD_ENTRY > end) break;
    const size = (TIFF_TYPE_SIZES[bytes.uint16(entry + 2, le)] ?? 0) * bytes.uint32(entry + 4, le);
    if (size > 4) {
      const value = tiff + bytes.uint32(entry + 8, le);
      if (value >= tiff && value + size <= end) bytes.fill(value, value + size, 0);
    }
  }
  // The count, the entries and the pointer to a next IFD: an empty IFD.
  bytes.fill(ifd, Math.min(end, ifd + 2 + count * IFD_ENTRY + 4), 0);
}

// ---------------------------------------------------------------- JPEG

const EXIF_HEADER = "Exif\0\0";
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
    if (length < 2) return -1;
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
  if (bytes.ascii(data, EXIF_HEADER.length) === EXIF_HEADER) {
    blankExifGps(bytes, data + EXIF_HEADER.length, end);
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

// ---------------------------------------------------------------- HEIC / HEIF (ISO BMFF)

interface Box {
  type: string;
  /** First byte of the content, after the header. */
  content: number;
  end: number;
}

function* boxes(bytes: ChunkedBytes, start: number, end: number): Generator<Box> {
  let position = start;
  while (position + 8 <= end) {
    let size = bytes.uint32(position);
    const type = bytes.ascii(position + 4, 4);
    let header = 8;
    if (size === 1) {
      size = bytes.uint32(position + 8) * 2 ** 32 + bytes.uint32(position + 12);
      header = 16;
    } else if (size === 0) {
      size = end - position;
    }
    if (size < header || position + size > end) return;
    yield { type, content: position + header, end: position + size };
    position += size;
  }
}

/** An unsigned big-endian number of 0, 4 or 8 bytes (iloc's field sizes). */
function sized(bytes: ChunkedBytes, offset: number, size: number): number {
  if (size === 4) return bytes.uint32(offset);
  if (size === 8) return bytes.uint32(offset) * 2 ** 32 + bytes.uint32(offset + 4);
  return 0;
}

/** The Exif item's GPS IFD, found through the meta box's item info (iinf) and item locations (iloc). */
function heif(bytes: ChunkedBytes) {
  const meta = [...boxes(bytes, 0, bytes.length)].find((box) => box.type === "meta");
  if (!meta) return;
  const children = [...boxes(bytes, meta.content + 4, meta.end)];
  const iinf = children.find((box) => box.type === "iinf");
  const iloc = children.find((box) => box.type === "iloc");
  const idat = children.find((box) => box.type === "idat");
  if (!iinf || !iloc) return;

  const exifItems = new Set<number>();
  const infoVersion = bytes.at(iinf.content);
  for (const infe of boxes(bytes, iinf.content + 4 + (infoVersion === 0 ? 2 : 4), iinf.end)) {
    if (infe.type !== "infe") continue;
    const version = bytes.at(infe.content);
    if (version < 2) continue;
    const id = version === 2 ? bytes.uint16(infe.content + 4) : bytes.uint32(infe.content + 4);
    const typeAt = infe.content + 4 + (version === 2 ? 2 : 4) + 2;
    if (bytes.ascii(typeAt, 4) === "Exif") exifItems.add(id);
  }
  if (exifItems.size === 0) return;

  const version = bytes.at(iloc.content);
  let position = iloc.content + 4;
  const sizes = bytes.at(position);
  const more = bytes.at(position + 1);
  const [offsetSize, lengthSize, baseOffsetSize] = [sizes >> 4, sizes & 15, more >> 4];
  const indexSize = version === 1 || version === 2 ? more & 15 : 0;
  position += 2;
  const itemCount = version < 2 ? bytes.uint16(position) : bytes.uint32(position);
  position += version < 2 ? 2 : 4;
  for (let item = 0; item < itemCount && position < iloc.end; item++) {
    const id = version < 2 ? bytes.uint16(position) : bytes.uint32(position);
    position += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = bytes.uint16(position) & 15;
      position += 2;
    }
    position += 2; // data_reference_index
    const baseOffset = sized(bytes, position, baseOffsetSize);
    position += baseOffsetSize;
    const extentCount = bytes.uint16(position);
    position += 2;
    for (let extent = 0; extent < extentCount; extent++) {
      position += indexSize;
      const offset = sized(bytes, position, offsetSize);
      position += offsetSize;
      const length = sized(bytes, position, lengthSize);
      position += lengthSize;
      // One extent is how every camera writes Exif; data split over several is left as it is.
      if (!exifItems.has(id) || extentCount !== 1) continue;
      const origin = method === 0 ? 0 : method === 1 && idat ? idat.content : -1;
      if (origin < 0) continue;
      const start = origin + baseOffset + offset;
      const end = length === 0 ? bytes.length : Math.min(bytes.length, start + length);
      const tiff = start + 4 + bytes.uint32(start);
      blankExifGps(bytes, tiff, end);
    }
  }
}

// ---------------------------------------------------------------- WebP and PNG

function webp(bytes: ChunkedBytes) {
  let position = 12;
  while (position + 8 <= bytes.length) {
    const size = bytes.uint32(position + 4, true);
    const data = position + 8;
    if (bytes.ascii(position, 4) === "EXIF") {
      const tiff = bytes.ascii(data, EXIF_HEADER.length) === EXIF_HEADER ? data + EXIF_HEADER.length : data;
      blankExifGps(bytes, tiff, data + size);
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

function png(bytes: ChunkedBytes) {
  let position = 8;
  while (position + 12 <= bytes.length) {
    const length = bytes.uint32(position);
    const data = position + 8;
    if (bytes.ascii(position + 4, 4) === "eXIf" && blankExifGps(bytes, data, data + length)) {
      // The chunk's CRC covers its type and data: write the new one.
      const crc = crc32(bytes, position + 4, data + length);
      [24, 16, 8, 0].forEach((shift, i) => bytes.set(data + length + i, (crc >>> shift) & 0xff));
    }
    if (bytes.ascii(position + 4, 4) === "IEND") return;
    position = data + length + 4;
  }
}

// HEIC / HEIF (ISO BMFF): the Exif item's GPS IFD, found through the meta box's
// item info (iinf) and item locations (iloc). Every walk stays inside its box and
// every entry's size is checked against what is left of it before it is read, so
// the work is linear in the file's bytes (docs/decisions/086).

import type { ChunkedBytes } from "./bytes";
import { blankExifGps, damaged } from "./exif";

interface Box {
  type: string;
  /** First byte of the content, after the header. */
  content: number;
  end: number;
}

/** The boxes in [start, end); one whose size is impossible or runs past `end` makes the file damaged. */
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
    if (size < header || position + size > end) damaged(`the ${JSON.stringify(type)} box runs past its container`);
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

/** The ids of the items of type `Exif`, from iinf's infe boxes. */
function exifItemIds(bytes: ChunkedBytes, iinf: Box): Set<number> {
  const ids = new Set<number>();
  const infoVersion = bytes.at(iinf.content);
  for (const infe of boxes(bytes, iinf.content + 4 + (infoVersion === 0 ? 2 : 4), iinf.end)) {
    if (infe.type !== "infe") continue;
    const version = bytes.at(infe.content);
    if (version < 2) continue;
    const idSize = version === 2 ? 2 : 4;
    const typeAt = infe.content + 4 + idSize + 2;
    if (typeAt + 4 > infe.end) damaged("an item's info runs past its box");
    if (bytes.ascii(typeAt, 4) === "Exif") ids.add(idSize === 2 ? bytes.uint16(infe.content + 4) : bytes.uint32(infe.content + 4));
  }
  return ids;
}

interface Extent {
  start: number;
  end: number;
}

/** The single extent of each Exif item, checked to lie inside the file (or its idat). */
function exifExtents(bytes: ChunkedBytes, iloc: Box, idat: Box | undefined, exifItems: Set<number>): Extent[] {
  const version = bytes.at(iloc.content);
  if (version > 2) return []; // no reader knows it either
  const sizes = bytes.at(iloc.content + 4);
  const more = bytes.at(iloc.content + 5);
  const [offsetSize, lengthSize, baseOffsetSize] = [sizes >> 4, sizes & 15, more >> 4];
  const indexSize = version === 1 || version === 2 ? more & 15 : 0;
  if (![offsetSize, lengthSize, baseOffsetSize, indexSize].every((size) => size === 0 || size === 4 || size === 8)) {
    damaged("an item location field of an impossible size");
  }
  const idSize = version < 2 ? 2 : 4;
  const itemHeader = idSize + (version === 0 ? 0 : 2) + 2 + baseOffsetSize + 2;
  const extentSize = indexSize + offsetSize + lengthSize;
  let position = iloc.content + 6;
  const itemCount = version < 2 ? bytes.uint16(position) : bytes.uint32(position);
  position += idSize;

  const extents: Extent[] = [];
  for (let item = 0; item < itemCount; item++) {
    if (position + itemHeader > iloc.end) damaged("the item locations run past their box");
    const id = idSize === 2 ? bytes.uint16(position) : bytes.uint32(position);
    const method = version === 0 ? 0 : bytes.uint16(position + idSize) & 15;
    const baseOffset = sized(bytes, position + itemHeader - 2 - baseOffsetSize, baseOffsetSize);
    const extentCount = bytes.uint16(position + itemHeader - 2);
    position += itemHeader;
    const extentsEnd = position + extentCount * extentSize;
    if (extentsEnd > iloc.end) damaged("an item's extents run past their box");
    // One extent is how every camera writes Exif; data split over several is left as it is.
    if (exifItems.has(id) && extentCount === 1 && method <= 1) {
      const offset = sized(bytes, position + indexSize, offsetSize);
      const length = sized(bytes, position + indexSize + offsetSize, lengthSize);
      const [origin, limit] = method === 0 ? [0, bytes.length] : idat ? [idat.content, idat.end] : damaged("an item in a missing idat box");
      const start = origin + baseOffset + offset;
      const end = length === 0 ? limit : start + length;
      if (start < origin || end > limit || start >= end) damaged("an Exif item lies outside the file");
      extents.push({ start, end });
    }
    position = extentsEnd;
  }
  extents.sort((a, b) => a.start - b.start);
  for (let i = 1; i < extents.length; i++) {
    if (extents[i]!.start < extents[i - 1]!.end) damaged("two Exif items share their bytes");
  }
  return extents;
}

export function heif(bytes: ChunkedBytes): void {
  const meta = [...boxes(bytes, 0, bytes.length)].find((box) => box.type === "meta");
  if (!meta) return;
  const children = [...boxes(bytes, meta.content + 4, meta.end)];
  const iinf = children.find((box) => box.type === "iinf");
  const iloc = children.find((box) => box.type === "iloc");
  const idat = children.find((box) => box.type === "idat");
  if (!iinf || !iloc) return;
  const exifItems = exifItemIds(bytes, iinf);
  if (exifItems.size === 0) return;
  // Each extent is walked once and none overlaps another: linear in the file's bytes.
  for (const { start, end } of exifExtents(bytes, iloc, idat, exifItems)) {
    const headerOffset = bytes.uint32(start);
    if (headerOffset < 0 || start + 4 + headerOffset >= end) damaged("an Exif item's TIFF header lies outside it");
    blankExifGps(bytes, start + 4 + headerOffset, end);
  }
}

// Exif (a TIFF structure) as every photo kind embeds it, and what the location
// parsers share: the error for a file whose structure points outside itself, and
// the rule that keeps their work linear (each byte is zeroed at most once, and
// every walk stops at the end of the block it is in). See docs/decisions/061, 086.

import type { ChunkedBytes } from "./bytes";

/** A photo whose structure points outside itself, or outside the box or segment it is in: refused, never stored. */
export class DamagedPhotoError extends Error {
  constructor(what: string) {
    super(`damaged photo: ${what}`);
    this.name = "DamagedPhotoError";
  }
}

export function damaged(what: string): never {
  throw new DamagedPhotoError(what);
}

/**
 * Zeroes every [start, end) range once, however many overlap: they are sorted and
 * merged first, so entries that all point at one area cost that area once.
 */
function fillRanges(bytes: ChunkedBytes, ranges: [number, number][], value: number): void {
  ranges.sort((a, b) => a[0] - b[0]);
  let [start, end] = [-1, -1];
  for (const [from, to] of ranges) {
    if (from <= end) {
      end = Math.max(end, to);
      continue;
    }
    if (end > start) bytes.fill(start, end, value);
    [start, end] = [from, to];
  }
  if (end > start) bytes.fill(start, end, value);
}

/** Bytes per value of each TIFF field type (1 BYTE … 13 IFD). */
const TIFF_TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];
const GPS_IFD_POINTER = 0x8825;
const IFD_ENTRY = 12;

function isTiffHeader(bytes: ChunkedBytes, at: number): boolean {
  const order = bytes.ascii(at, 2);
  return (order === "II" || order === "MM") && bytes.uint16(at + 2, order === "II") === 42;
}

/**
 * Where the TIFF structure of an Exif block at [data, end) starts. The standard
 * header is `Exif\0\0`, but readers (exiftool, browsers) take any sixth byte, and
 * some writers leave it out; a block without the `Exif\0` prefix may be TIFF at once.
 * -1 when there is no TIFF there.
 */
export function exifTiffStart(bytes: ChunkedBytes, data: number, end: number): number {
  const candidates = bytes.ascii(data, 5) === "Exif\0" ? [data + 6, data + 5] : [data];
  return candidates.find((at) => at + 8 <= end && isTiffHeader(bytes, at)) ?? -1;
}

/**
 * Empties the GPS IFD of the TIFF structure at [tiff, end): its entries, their
 * out-of-line values, its count and its next pointer become zeros. Returns whether
 * there was one. Throws DamagedPhotoError when a directory or a GPS value lies
 * outside [tiff, end), or IFD0 names two GPS directories.
 */
export function blankExifGps(bytes: ChunkedBytes, tiff: number, end: number): boolean {
  if (tiff < 0 || tiff + 8 > end || !isTiffHeader(bytes, tiff)) return false;
  const le = bytes.ascii(tiff, 2) === "II";
  const ifd0 = tiff + bytes.uint32(tiff + 4, le);
  const count = directorySize(bytes, tiff, ifd0, end, le, "Exif's first directory");
  let gps = -1;
  for (let i = 0; i < count; i++) {
    const entry = ifd0 + 2 + i * IFD_ENTRY;
    if (bytes.uint16(entry, le) !== GPS_IFD_POINTER) continue;
    if (gps >= 0) damaged("two GPS directories");
    gps = tiff + bytes.uint32(entry + 8, le);
  }
  if (gps < 0) return false;
  blankIfd(bytes, tiff, gps, end, le);
  return true;
}

/** The entry count of the IFD at `ifd`, once it is known that all its entries lie inside [tiff, end). */
function directorySize(bytes: ChunkedBytes, tiff: number, ifd: number, end: number, le: boolean, what: string): number {
  if (ifd < tiff || ifd + 2 > end) damaged(`${what} lies outside its Exif block`);
  const count = bytes.uint16(ifd, le);
  if (ifd + 2 + count * IFD_ENTRY > end) damaged(`${what} runs past its Exif block`);
  return count;
}

function blankIfd(bytes: ChunkedBytes, tiff: number, ifd: number, end: number, le: boolean) {
  const count = directorySize(bytes, tiff, ifd, end, le, "the GPS directory");
  const values: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * IFD_ENTRY;
    const size = (TIFF_TYPE_SIZES[bytes.uint16(entry + 2, le)] ?? 0) * bytes.uint32(entry + 4, le);
    if (size <= 4) continue; // the value is inside the entry, zeroed with it
    const value = tiff + bytes.uint32(entry + 8, le);
    if (value < tiff || value + size > end) damaged("a GPS value lies outside its Exif block");
    values.push([value, value + size]);
  }
  fillRanges(bytes, values, 0);
  // The count, the entries and the pointer to a next IFD: an empty IFD.
  bytes.fill(ifd, Math.min(end, ifd + 2 + count * IFD_ENTRY + 4), 0);
}

import { describe, expect, it } from "vitest";
import { ChunkedBytes } from "./bytes";
import { DamagedPhotoError, removeLocation } from "./location";

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const u16 = (n: number) => [n >> 8, n & 255];
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/**
 * A big-endian TIFF with IFD0 (Orientation = 6, GPSInfo pointer) and a GPS IFD
 * holding a latitude (3 RATIONALs out of line: 35/1, 12/1, 342/10).
 */
function tiffWithGps(): number[] {
  const ifd0 = 8;
  const gpsIfd = ifd0 + 2 + 2 * 12 + 4; // 38
  const latitude = gpsIfd + 2 + 2 * 12 + 4; // 68
  return [
    ...ascii("MM"), ...u16(42), ...u32(ifd0),
    ...u16(2),
    ...u16(0x0112), ...u16(3), ...u32(1), ...u16(6), 0, 0, // Orientation: rotate 90
    ...u16(0x8825), ...u16(4), ...u32(1), ...u32(gpsIfd), // GPSInfo
    ...u32(0),
    ...u16(2),
    ...u16(0x0001), ...u16(2), ...u32(2), ...ascii("N"), 0, 0, 0, // GPSLatitudeRef "N"
    ...u16(0x0002), ...u16(5), ...u32(3), ...u32(latitude), // GPSLatitude
    ...u32(0),
    ...u32(35), ...u32(1), ...u32(12), ...u32(1), ...u32(342), ...u32(10),
  ];
}

const segment = (marker: number, data: number[]) => [0xff, marker, ...u16(data.length + 2), ...data];
const LATITUDE = [...u32(35), ...u32(1), ...u32(12), ...u32(1)];

/** A small JPEG: Exif with GPS, XMP with a position, a scan with a stuffed byte and a restart marker. */
function jpeg(): number[] {
  return [
    0xff, 0xd8,
    ...segment(0xe1, [...ascii("Exif\0\0"), ...tiffWithGps()]),
    ...segment(0xe1, [...ascii("http://ns.adobe.com/xap/1.0/\0"), ...ascii('<x:xmpmeta exif:GPSLatitude="35,12.57N"/>')]),
    ...segment(0xdb, new Array(65).fill(1)),
    ...segment(0xda, [1, 1, 0, 0, 63, 0]),
    0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0x78,
    0xff, 0xff, 0xd9, // a fill byte, then the end of the image
  ];
}

function contains(haystack: Uint8Array, needle: number[]) {
  return Buffer.from(haystack).includes(Buffer.from(needle));
}

/** The bytes split into chunks of `size`, as the request body might bring them. */
function chunked(data: number[], size: number) {
  const all = new Uint8Array(data);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += size) chunks.push(all.subarray(i, i + size));
  return { all, bytes: new ChunkedBytes(chunks) };
}

describe("removeLocation: JPEG", () => {
  for (const size of [1, 7, 64, 4096]) {
    it(`empties the GPS IFD and blanks XMP, in place, across chunks of ${size} bytes`, () => {
      const source = jpeg();
      const { all, bytes } = chunked(source, size);
      expect(removeLocation("image/jpeg", bytes)).toBe(source.length);
      expect(contains(all, LATITUDE)).toBe(false);
      expect(contains(all, ascii("GPSLatitude"))).toBe(false);
      expect(contains(all, ascii("http://ns.adobe.com/xap"))).toBe(false);
      // Orientation stays, so the photo is not shown sideways.
      expect(contains(all, [...u16(0x0112), ...u16(3), ...u32(1), ...u16(6)])).toBe(true);
      // The XMP segment became a comment of the same length; the scan is untouched.
      expect(contains(all, [0xff, 0xfe])).toBe(true);
      expect([...all.slice(-12)]).toEqual(source.slice(-12));
    });
  }

  it("walks a second (MPF) image and cuts what follows the last one", () => {
    const source = [...jpeg(), 0, 0, ...jpeg(), ...ascii("ftypmp42 a motion photo's video")];
    const { all, bytes } = chunked(source, 33);
    const keep = removeLocation("image/jpeg", bytes);
    expect(keep).toBe(jpeg().length * 2 + 2);
    expect(contains(all.subarray(0, keep), LATITUDE)).toBe(false);
  });

  it("keeps a JPEG without Exif exactly as it was", () => {
    const source = [0xff, 0xd8, ...segment(0xe0, ascii("JFIF\0\x01\x01")), ...segment(0xda, [1, 1, 0, 0, 63, 0]), 1, 2, 3, 0xff, 0xd9];
    const { all, bytes } = chunked(source, 5);
    expect(removeLocation("image/jpeg", bytes)).toBe(source.length);
    expect([...all]).toEqual(source);
  });

  it("refuses a file cut inside a segment, and a segment whose length runs past the end", () => {
    const truncated = jpeg().slice(0, 40);
    expect(() => removeLocation("image/jpeg", chunked(truncated, 8).bytes)).toThrow(DamagedPhotoError);
    const lying = [0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, ...ascii("Exif\0\0"), ...tiffWithGps().slice(0, 20)];
    expect(() => removeLocation("image/jpeg", chunked(lying, 8).bytes)).toThrow(DamagedPhotoError);
  });

  it("keeps a file whose last scan has no end of image as it was sent, its location removed", () => {
    const source = jpeg().slice(0, -3);
    const { all, bytes } = chunked(source, 16);
    expect(removeLocation("image/jpeg", bytes)).toBe(source.length);
    expect(contains(all, LATITUDE)).toBe(false);
  });
});

describe("removeLocation: other kinds", () => {
  it("WebP: empties the GPS IFD in the EXIF chunk", () => {
    const exif = [...ascii("Exif\0\0"), ...tiffWithGps()];
    const body = [...ascii("WEBP"), ...ascii("EXIF"), exif.length & 255, exif.length >> 8, 0, 0, ...exif];
    const source = [...ascii("RIFF"), body.length & 255, body.length >> 8, 0, 0, ...body];
    const { all, bytes } = chunked(source, 9);
    removeLocation("image/webp", bytes);
    expect(contains(all, LATITUDE)).toBe(false);
  });

  it("GIF: nothing to do", () => {
    const source = ascii("GIF89a");
    const { all, bytes } = chunked(source, 2);
    expect(removeLocation("image/gif", bytes)).toBe(6);
    expect([...all]).toEqual(source);
  });
});

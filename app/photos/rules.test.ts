import { describe, expect, it } from "vitest";
import { declaredTypeAgrees, detectPhotoKind, isForgedFileName, safePhotoName } from "./rules";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

/** An ISO BMFF ftyp box with a major brand and compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], "ftyp", major, [0, 0, 0, 0], ...compatible);
};

describe("detectPhotoKind: the kind from the first bytes", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg"],
    ["PNG", bytes([0x89], "PNG\r\n\x1a\n"), "image/png"],
    ["GIF87a", bytes("GIF87a"), "image/gif"],
    ["GIF89a", bytes("GIF89a"), "image/gif"],
    ["WebP", bytes("RIFF", [1, 2, 3, 4], "WEBP", "VP8 "), "image/webp"],
    ["HEIC", ftyp("heic", "mif1", "heic"), "image/heic"],
    ["HEIF (mif1) with a HEIC brand", ftyp("mif1", "mif1", "heic"), "image/heic"],
    ["HEIF (mif1)", ftyp("mif1", "mif1"), "image/heif"],
  ] as const)("%s", (_label, head, kind) => {
    expect(detectPhotoKind(head)).toBe(kind);
  });

  it.each([
    ["a Windows executable", bytes("MZ", [0x90, 0, 3, 0, 0, 0, 4, 0])],
    ["an SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["an SVG with an XML prolog", bytes('<?xml version="1.0"?><svg>')],
    ["HTML", bytes("<!doctype html><script>")],
    ["a PDF", bytes("%PDF-1.7")],
    ["AVIF (mif1 with an avif brand)", ftyp("mif1", "avif", "mif1")],
    ["AVIF", ftyp("avif", "avif", "mif1")],
    ["an MP4 video", ftyp("isom", "isom", "mp42")],
    ["a RIFF that is not WebP (WAV)", bytes("RIFF", [1, 2, 3, 4], "WAVE")],
    ["two bytes of a JPEG", bytes([0xff, 0xd8])],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_label, head) => {
    expect(detectPhotoKind(head)).toBeNull();
  });
});

describe("declaredTypeAgrees", () => {
  it("accepts the type of the bytes, its aliases, and no type at all", () => {
    expect(declaredTypeAgrees("image/jpeg", "image/jpeg")).toBe(true);
    expect(declaredTypeAgrees("image/JPG", "image/jpeg")).toBe(true);
    expect(declaredTypeAgrees("image/heif", "image/heic")).toBe(true);
    expect(declaredTypeAgrees("application/octet-stream", "image/heic")).toBe(true);
    expect(declaredTypeAgrees("", "image/png")).toBe(true);
    expect(declaredTypeAgrees(undefined, "image/png")).toBe(true);
  });

  it("refuses a declared type that says something else", () => {
    expect(declaredTypeAgrees("image/jpeg", "image/png")).toBe(false);
    expect(declaredTypeAgrees("image/svg+xml", "image/png")).toBe(false);
    expect(declaredTypeAgrees("text/html", "image/gif")).toBe(false);
    expect(declaredTypeAgrees("image/webp", "image/gif")).toBe(false);
  });
});

describe("file names", () => {
  it("keeps a visitor's name, without folders, quotes or direction tricks, ending in the real kind", () => {
    expect(safePhotoName("IMG_0001.HEIC", "image/heic", 1)).toBe("IMG_0001.heic");
    expect(safePhotoName("sketch.png", "image/jpeg", 1)).toBe("sketch.jpg");
    expect(safePhotoName('my "ring"\\draft.jpg', "image/jpeg", 1)).toBe("draft.jpg");
    expect(safePhotoName("ring\u202egpj.exe", "image/png", 2)).toBe("ringgpj.png");
    expect(safePhotoName("...", "image/gif", 3)).toBe("photo-3.gif");
    expect(safePhotoName("", "image/webp", 2)).toBe("photo-2.webp");
    expect(safePhotoName("x".repeat(300) + ".jpg", "image/jpeg", 1)).toHaveLength(84);
  });

  it("calls a name with a folder, a control character or 256+ characters forged", () => {
    expect(isForgedFileName("IMG_0001.jpg")).toBe(false);
    expect(isForgedFileName("Zoë's ring (1).jpg")).toBe(false);
    expect(isForgedFileName("../../etc/passwd.jpg")).toBe(true);
    expect(isForgedFileName("C:\\Users\\me\\ring.jpg")).toBe(true);
    expect(isForgedFileName("ring.jpg\u0000.exe")).toBe(true);
    expect(isForgedFileName("ring\r\n.jpg")).toBe(true);
    expect(isForgedFileName(`${"a".repeat(252)}.jpg`)).toBe(true);
  });
});

// What the custom order form takes as photos and sketches, read by the browser
// (before sending, for instant feedback) and by the Worker (the authority). The
// kind of a file is decided from its first bytes, never from its name or the
// type the browser declares (docs/decisions/060).

/** The file input's name. */
export const PHOTOS_FIELD = "photos";
/** A photo kept from a refused order form (its sealed note, app/photos/held.server.ts), sent again with the form. */
export const KEPT_PHOTOS_FIELD = "keptPhoto";
/** A kept photo the visitor ticked "Remove" for. */
export const REMOVE_KEPT_PHOTO_FIELD = "removeKeptPhoto";

/** A photo the order form keeps from a refused post, as its page shows it. */
export interface KeptPhoto {
  /** Sealed: names the object in R2 without showing its key. */
  token: string;
  fileName: string;
  size: number;
}

const MB = 1024 * 1024;
export const PHOTO_LIMITS = {
  count: 3,
  /** Per image. */
  fileBytes: 10 * MB,
  /** All images of one order together. */
  totalBytes: 25 * MB,
} as const;


export const PHOTO_KINDS = {
  "image/jpeg": { label: "JPEG", extension: "jpg" },
  "image/png": { label: "PNG", extension: "png" },
  "image/webp": { label: "WebP", extension: "webp" },
  "image/heic": { label: "HEIC", extension: "heic" },
  "image/heif": { label: "HEIF", extension: "heif" },
  "image/gif": { label: "GIF", extension: "gif" },
} as const;

export type PhotoKind = keyof typeof PHOTO_KINDS;

/** The kinds every browser draws; HEIC and HEIF (only Safari draws them) are shown as a labelled tile instead. */
export const DRAWN_BY_EVERY_BROWSER: ReadonlySet<string> = new Set<PhotoKind>(["image/jpeg", "image/png", "image/webp", "image/gif"]);

/** A photo's size as people read it: "840 KB", "2.4 MB". */
export function photoSizeLabel(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** For the file input's `accept`: the types, and the extensions some systems only know HEIC by. */
export const PHOTO_ACCEPT = [...Object.keys(PHOTO_KINDS), ".heic", ".heif"].join(",");

/** How many leading bytes detectPhotoKind needs. */
export const SNIFF_BYTES = 32;

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** HEIF brands (ISO/IEC 23008-12) of still images coded with HEVC ("heic") or of any HEIF ("heif"); AVIF is not taken. */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis"]);
const HEIF_BRANDS = new Set(["mif1", "msf1", "heif"]);

/** The kind of an image from its first bytes (at least SNIFF_BYTES of them), or null for anything else. */
export function detectPhotoKind(head: Uint8Array): PhotoKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head.length >= 8 && ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (head.length >= 6 && (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a")) return "image/gif";
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP") return "image/webp";
  if (head.length >= 12 && ascii(head, 4, 4) === "ftyp") {
    const boxSize = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
    const major = ascii(head, 8, 4);
    const compatible: string[] = [];
    for (let offset = 16; offset + 4 <= Math.min(boxSize, head.length); offset += 4) compatible.push(ascii(head, offset, 4));
    if (compatible.includes("avif") || compatible.includes("avis") || major === "avif") return null;
    if (HEIC_BRANDS.has(major)) return "image/heic";
    if (HEIF_BRANDS.has(major)) return compatible.some((brand) => HEIC_BRANDS.has(brand)) ? "image/heic" : "image/heif";
  }
  return null;
}

/** Types a browser may declare for each kind; "" and application/octet-stream (unknown to the system) defer to the bytes. */
const DECLARED_ALIASES: Record<string, PhotoKind[]> = {
  "image/jpg": ["image/jpeg"],
  "image/pjpeg": ["image/jpeg"],
  "image/heic": ["image/heic", "image/heif"],
  "image/heif": ["image/heif", "image/heic"],
  "image/heic-sequence": ["image/heic", "image/heif"],
  "image/heif-sequence": ["image/heif", "image/heic"],
};
const UNDECLARED = new Set(["", "application/octet-stream"]);

/** Whether the type the browser sent agrees with what the bytes are. */
export function declaredTypeAgrees(declared: string | null | undefined, kind: PhotoKind): boolean {
  const type = (declared ?? "").split(";")[0]!.trim().toLowerCase();
  if (UNDECLARED.has(type)) return true;
  return (DECLARED_ALIASES[type] ?? [type]).includes(kind);
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f"\\/:*?<>|\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a photo is shown and downloaded under: the visitor's file name without
 * any folder, control, quote or direction characters, at most 80 characters, and
 * always ending in the extension of the kind its bytes are.
 */
export function safePhotoName(name: string | null | undefined, kind: PhotoKind, position: number): string {
  const base = (name ?? "").split(/[\\/]/).pop()!.replace(UNSAFE_NAME_CHARACTERS, "").replace(/\.[^.]*$/, "").trim();
  const stem = base.replace(/^\.+/, "").slice(0, 80) || `photo-${position}`;
  return `${stem}.${PHOTO_KINDS[kind].extension}`;
}

/** A visitor's file name as a message may quote it. */
function shownName(name: string): string {
  const clean = name.replace(UNSAFE_NAME_CHARACTERS, "").trim();
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean || "This file";
}

const KIND_LIST = "JPEG, PNG, WebP, HEIC or GIF";

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORGED_NAME = /[\u0000-\u001f\u007f/\\]/;

/**
 * A browser sends a chosen file's own name, never a folder or a control character;
 * a name with either (or longer than any file system allows) was made by hand.
 */
export function isForgedFileName(name: string): boolean {
  return FORGED_NAME.test(name) || name.length > 255;
}

/** What a refused photo reads, beside the field. */
export const PHOTO_MESSAGES = {
  notAPhoto: (name: string) => `“${shownName(name)}” is not a photo we can take. Please choose ${KIND_LIST} images.`,
  mismatch: (name: string) =>
    `“${shownName(name)}” is not the kind of file its name or type says. Please choose the original photo.`,
  tooBig: (name?: string) =>
    `${name ? `“${shownName(name)}” is` : "A photo is"} larger than 10 MB. Please choose a smaller photo or take a screenshot of it.`,
  tooMany: (count: number = PHOTO_LIMITS.count) => `Please choose up to ${count} photos.`,
  tooMuch: (totalBytes: number = PHOTO_LIMITS.totalBytes) =>
    `The photos add up to more than ${Math.round(totalBytes / MB)} MB. Please choose fewer or smaller photos.`,
  empty: (name: string) => `“${shownName(name)}” is empty. Please choose it again.`,
  damaged: (name: string) =>
    `“${shownName(name)}” looks damaged: parts of it point outside the file. Please choose the original photo, or a screenshot of it.`,
  forgedName: (name: string) => `“${shownName(name)}” has a file name we can't accept. Please rename the file and choose it again.`,
  /** The 413 answer when a request is larger than any order with photos can be. */
  requestTooLarge:
    "This submission is too large. Photos may be up to 10 MB each and 25 MB in all: please go back, choose fewer or smaller photos, and send it again.",
} as const;

/**
 * One form's photos: how many, how much in all, and where in R2 they go. The order form's and a
 * repair's (intake and completion, up to 6 photos from the counter's phone) go through the same
 * parser, checks and location removal (app/photos/receive.server.ts); only these numbers differ.
 */
export interface PhotoSet {
  field: string;
  count: number;
  totalBytes: number;
  /** The R2 key prefix; the nightly sweep removes objects under it that no row names. */
  keyPrefix: string;
  /** The 413's words, when a post is larger than any such form can be. */
  tooLarge: string;
}

export const ORDER_PHOTOS: PhotoSet = { field: PHOTOS_FIELD, count: PHOTO_LIMITS.count, totalBytes: PHOTO_LIMITS.totalBytes, keyPrefix: "order-photos/",
  tooLarge: PHOTO_MESSAGES.requestTooLarge };
export const REPAIR_PHOTOS: PhotoSet = { field: PHOTOS_FIELD, count: 6, totalBytes: 60 * MB, keyPrefix: "repair-photos/",
  tooLarge: "This form is too large. Photos may be up to 10 MB each and 60 MB in all: go back, choose fewer or smaller photos, and save it again.",
};

/** The largest post of a form with photos (multipart): every photo at its limit, and room for the text fields. */
export const photoFormMaxBytes = (set: PhotoSet) => set.totalBytes + 64 * 1024;
export const ORDER_FORM_MAX_BYTES = photoFormMaxBytes(ORDER_PHOTOS);

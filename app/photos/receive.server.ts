import {
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { BodyTooLargeError } from "~/http/body-limit";
import { ChunkedBytes } from "./bytes";
import { DamagedPhotoError, removeLocation } from "./location";
import {
  declaredTypeAgrees,
  detectPhotoKind,
  isForgedFileName,
  ORDER_PHOTOS,
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  safePhotoName,
  SNIFF_BYTES,
  type PhotoKind,
  type PhotoSet,
} from "./rules";
import { deletePhotos, newPhotoKey, putPhoto } from "./storage.server";

// Reads a form with photos as it arrives (the custom order form; a repair's intake and completion photos) (docs/decisions/060). The text fields
// become a FormData for the form's schema; each photo, once its part is complete
// (at most 10 MB, the only part held in memory), is checked by its bytes, has its
// location removed and is streamed to R2 before the next part is read. Whatever
// goes wrong, nothing is left behind: the caller gets either stored photos it now
// owns, or none.

/** Text fields of the form together; the same cap as every other form body. */
const MAX_TEXT_BYTES = 64 * 1024;
/** A real form has about 15 to 25 parts; anything far past that is not a browser. */
const MAX_PARTS = 64;
const MAX_PART_HEADER_BYTES = 8 * 1024;

export interface StoredPhoto {
  key: string;
  contentType: PhotoKind;
  fileName: string;
  size: number;
  position: number;
}

export type ReceivedForm = {
  formData: FormData;
  /** In R2 now; the caller stores their rows or deletes them. Empty whenever `photoErrors` or `failure` is set. */
  photos: StoredPhoto[];
  /** Why the photos were refused, for the message beside the field. */
  photoErrors: string[];
  /** An R2 write that failed: the order must not be stored. */
  failure?: unknown;
};

const UNREADABLE = "We couldn't read this form. Please reload the page and try again.";

function refusal(status: 400 | 413, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The HTML standard has browsers write `"`, CR and LF in a multipart file name as %22, %0D and %0A: read them back. */
function browserFileName(name: string | undefined): string {
  return (name ?? "").replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
}

function text(part: { content: Uint8Array[]; size: number }): string {
  const bytes = new Uint8Array(part.size);
  let offset = 0;
  for (const chunk of part.content) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  // Not fatal: broken UTF-8 becomes U+FFFD, as request.formData() does for the other forms.
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a form post: a plain urlencoded form (no photos) as it is; a multipart one
 * part by part. Throws a 400 Response for a body that is not a well-formed form
 * (no boundary, truncated, a huge part header, too many parts) and a 413 for
 * more text or photos than any such form can have.
 *
 * @param set how many photos, how much in all, and where they go (the order form's unless given).
 * @param skipPhotos asked once, when the first photo arrives, with the fields read so far:
 *   true when the photos must not be stored (the same form was stored before).
 */
export async function receivePhotoForm(
  request: Request,
  bucket: R2Bucket,
  skipPhotos: (fieldsSoFar: FormData) => Promise<boolean>,
  set: PhotoSet = ORDER_PHOTOS,
): Promise<ReceivedForm> {
  const contentType = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!contentType.startsWith("multipart/form-data")) {
    return { formData: await request.formData(), photos: [], photoErrors: [] };
  }

  const formData = new FormData();
  const photos: StoredPhoto[] = [];
  const errors = new Set<string>();
  let failure: unknown;
  let skip: boolean | undefined;
  let textBytes = 0;
  let chosen = 0;
  let totalBytes = 0;

  const photo = async (part: { filename?: string; content: Uint8Array[]; size: number; headers: Record<string, string | undefined> }) => {
    const name = browserFileName(part.filename);
    if (part.size === 0 && !name) return; // the file input with nothing chosen
    chosen += 1;
    if (chosen > set.count) return errors.add(PHOTO_MESSAGES.tooMany(set.count));
    if (isForgedFileName(name)) return errors.add(PHOTO_MESSAGES.forgedName(name));
    if (part.size === 0) return errors.add(PHOTO_MESSAGES.empty(name));
    const bytes = new ChunkedBytes(part.content);
    const kind = detectPhotoKind(bytes.slice(0, SNIFF_BYTES));
    if (!kind) return errors.add(PHOTO_MESSAGES.notAPhoto(name));
    if (!declaredTypeAgrees(part.headers["content-type"], kind)) return errors.add(PHOTO_MESSAGES.mismatch(name));
    totalBytes += part.size;
    if (totalBytes > set.totalBytes) return errors.add(PHOTO_MESSAGES.tooMuch(set.totalBytes));
    // Once one photo is refused or a write failed, the rest are still checked (for their messages) but not stored.
    if (errors.size > 0 || failure !== undefined) return;
    skip ??= await skipPhotos(formData);
    if (skip) return;
    let length: number;
    try {
      length = removeLocation(kind, bytes);
    } catch (error) {
      if (error instanceof DamagedPhotoError) return errors.add(PHOTO_MESSAGES.damaged(name));
      throw error;
    }
    const key = newPhotoKey(set.keyPrefix);
    try {
      await putPhoto(bucket, key, bytes, length, kind);
    } catch (error) {
      failure = error;
      return;
    }
    const position = photos.length + 1;
    photos.push({ key, contentType: kind, fileName: safePhotoName(name, kind, position), size: length, position });
  };

  try {
    for await (const part of parseMultipartRequest(request, {
      maxParts: MAX_PARTS,
      maxHeaderSize: MAX_PART_HEADER_BYTES,
      maxFileSize: PHOTO_LIMITS.fileBytes,
      maxTotalSize: set.totalBytes + MAX_TEXT_BYTES,
    })) {
      const name = part.name;
      if (!name) throw new MultipartParseError("a part without a field name");
      if (part.isFile && name === set.field) {
        await photo(part);
      } else if (part.isFile) {
        // A file where text belongs: its schema refuses it, as it would any non-text value.
        formData.append(name, new File([], part.filename ?? ""));
      } else if (name === set.field) {
        throw new MultipartParseError("photos sent as text"); // no browser does that
      } else {
        textBytes += part.size;
        if (textBytes > MAX_TEXT_BYTES) throw new MaxTotalSizeExceededError(MAX_TEXT_BYTES);
        formData.append(name, text(part));
      }
    }
  } catch (error) {
    await deletePhotos(bucket, photos.map((stored) => stored.key));
    if (error instanceof MaxFileSizeExceededError) {
      // The rest of the form is not read; what came before the photo (every field, in the page's order) is kept.
      return { formData, photos: [], photoErrors: [PHOTO_MESSAGES.tooBig()] };
    }
    if (error instanceof MaxTotalSizeExceededError || error instanceof BodyTooLargeError) {
      throw refusal(413, set.tooLarge);
    }
    // MultipartParseError covers a missing boundary, a truncated body, a huge part header and too many parts.
    if (error instanceof MultipartParseError || error instanceof TypeError) throw refusal(400, UNREADABLE);
    throw error;
  }

  if (errors.size > 0 || failure !== undefined || skip) {
    await deletePhotos(bucket, photos.map((stored) => stored.key));
    return { formData, photos: [], photoErrors: [...errors], failure };
  }
  return { formData, photos, photoErrors: [] };
}

import { seal, unseal } from "~/core/secret";

type SecretEnv = Pick<Env, "SESSION_SECRET">;
import type { StoredPhoto } from "./receive.server";
import { KEPT_PHOTOS_FIELD, PHOTO_KINDS, REMOVE_KEPT_PHOTO_FIELD, type KeptPhoto, type PhotoKind } from "./rules";

// Photos kept from an order form refused for a missing or wrong answer (issue 43): written to R2 like any order's,
// then held there, named by no order, while the form goes back to the visitor. The page carries each as a sealed
// note (AES-GCM through the one signing module, app/core/secret.ts): the visitor never sees the R2 key and cannot
// name another. Sent again with the form, the note attaches the photo to the order; a photo no order ever names
// is deleted by the nightly sweep a day later (app/jobs/orphan-photos.server.ts), so a note outlives it by less.

const PURPOSE = "kept-order-photo";
/** Under the sweep's day, so a note that still opens names a photo the sweep has left alone. */
const KEPT_FOR_MS = 20 * 60 * 60 * 1000;

interface Sealed {
  key: string;
  kind: PhotoKind;
  fileName: string;
  size: number;
  keptAt: number;
}

/** The page's notes for photos just written and now held. */
export async function keepPhotos(env: SecretEnv, photos: readonly StoredPhoto[], now = Date.now()): Promise<KeptPhoto[]> {
  return Promise.all(
    photos.map(async (photo) => {
      const note: Sealed = { key: photo.key, kind: photo.contentType, fileName: photo.fileName, size: photo.size, keptAt: now };
      return { token: await seal(env, PURPOSE, JSON.stringify(note)), fileName: photo.fileName, size: photo.size };
    }),
  );
}

export interface KeptPhotos {
  /** Still held, in the order the page listed them: the order's first photos. */
  kept: { shown: KeptPhoto; photo: Omit<StoredPhoto, "position"> }[];
  /** Ticked "Remove": their objects are deleted by the caller. */
  removed: string[];
}

/** The kept photos a post names, less those ticked "Remove"; a note that does not open, or too old, counts for none. */
export async function keptPhotosOf(env: SecretEnv, formData: FormData, now = Date.now()): Promise<KeptPhotos> {
  const removing = new Set(formData.getAll(REMOVE_KEPT_PHOTO_FIELD).filter((value) => typeof value === "string"));
  const tokens = [...new Set(formData.getAll(KEPT_PHOTOS_FIELD).filter((value): value is string => typeof value === "string"))];
  const result: KeptPhotos = { kept: [], removed: [] };
  for (const token of tokens.slice(0, 10)) {
    const opened = await unseal(env, PURPOSE, token);
    const note = opened === null ? null : (JSON.parse(opened) as Sealed);
    if (!note || now - note.keptAt > KEPT_FOR_MS || !(note.kind in PHOTO_KINDS)) continue;
    if (removing.has(token)) result.removed.push(note.key);
    else
      result.kept.push({
        shown: { token, fileName: note.fileName, size: note.size },
        photo: { key: note.key, contentType: note.kind, fileName: note.fileName, size: note.size },
      });
  }
  return result;
}

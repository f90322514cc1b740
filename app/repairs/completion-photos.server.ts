import type { Db } from "~/db/client.server";
import { checkHoneypot } from "~/http/form.server";
import { REPAIR_PHOTOS } from "~/photos/rules";
import { deletePhotos } from "~/photos/storage.server";
import { addCompletionPhotos, completionPhotoCount, completionPhotosAfter, type Clerk } from "./repairs.server";
import { COMPLETION_PHOTOS_INTENT, COMPLETION_PHOTOS_SHOWN_FIELD, REPAIR_MESSAGES } from "./rules";

// Completion photos, added on a repair's page when the work is done: the intake's parser, checks, location
// removal and limits (app/photos/receive.server.ts), with the room left of the repair's 6 as the count. The
// photos take the places after the ones the clerk's page showed, so the same form posted twice stores them once.

export type CompletionPhotosOutcome =
  /** `again`: this form's photos were already stored by an earlier post of it; nothing new. */
  | { status: "added"; count: number; again?: true }
  /** Refused, with the words for beside the field; nothing stored. */
  | { status: "refused"; errors: string[] }
  | { status: "not-found" }
  /** An R2 or D1 write failed: nothing stored, try again. */
  | { status: "failed"; error: unknown };

/** Whether a post to a repair's page is the completion photos' (the only multipart form there). */
export function isCompletionPhotosPost(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** Reads the "Add completion photos" post as it streams and stores what it brings; whatever is not stored is deleted. */
export async function receiveCompletionPhotos(db: Db, bucket: R2Bucket, request: Request, id: number, clerk: Clerk): Promise<CompletionPhotosOutcome> {
  const already = await completionPhotoCount(db, id);
  if (already === null) return { status: "not-found" };
  const room = REPAIR_PHOTOS.count - already;
  // The body is left unread (the Worker drains it): no photo of it could be kept.
  if (room <= 0) return { status: "refused", errors: [REPAIR_MESSAGES.completionPhotosFull] };
  // Loaded when photos come, as the New repair form's action does: the multipart parser stays out of other requests.
  const { receivePhotoForm } = await import("~/photos/receive.server");
  const received = await receivePhotoForm(request, bucket, async () => false, { ...REPAIR_PHOTOS, count: room });
  const keys = received.photos.map((photo) => photo.key);
  try {
    checkHoneypot(received.formData);
    if (received.formData.get("intent") !== COMPLETION_PHOTOS_INTENT) throw new Response("This form is not one the repair's page sends.", { status: 400 });
  } catch (refusal) {
    await deletePhotos(bucket, keys);
    throw refusal;
  }
  if (received.photoErrors.length > 0) return { status: "refused", errors: received.photoErrors };
  if (received.failure !== undefined) return { status: "failed", error: received.failure };
  if (received.photos.length === 0) return { status: "refused", errors: [REPAIR_MESSAGES.completionPhotosMissing] };
  const after = shownCount(received.formData.get(COMPLETION_PHOTOS_SHOWN_FIELD));
  if (after === null) {
    await deletePhotos(bucket, keys);
    return { status: "refused", errors: [REPAIR_MESSAGES.completionPhotosReload] };
  }
  let stored;
  try {
    stored = await addCompletionPhotos(db, id, received.photos, clerk, after);
  } catch (error) {
    await deletePhotos(bucket, keys);
    return { status: "failed", error };
  }
  const storedKeys = new Set((stored ?? []).map((photo) => photo.key));
  await deletePhotos(bucket, keys.filter((key) => !storedKeys.has(key)));
  if (stored === null) return { status: "not-found" };
  if (stored.length === 0) return placesTaken(db, id, after, received.photos);
  return { status: "added", count: stored.length };
}

/** The count a page showed, as its form posts it; null for anything a page of ours does not send. */
function shownCount(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^\d$/.test(value)) return null;
  const count = Number(value);
  return count < REPAIR_PHOTOS.count ? count : null;
}

/** Why nothing was stored in the places after `after`: this form's own photos are there, or someone else's. */
async function placesTaken(db: Db, id: number, after: number, photos: readonly { fileName: string; size: number }[]): Promise<CompletionPhotosOutcome> {
  const there = await completionPhotosAfter(db, id, after);
  const same = there.length >= photos.length && photos.every((photo, at) => there[at]?.fileName === photo.fileName && there[at]?.size === photo.size);
  if (same) return { status: "added", count: photos.length, again: true };
  if (after + there.length >= REPAIR_PHOTOS.count) return { status: "refused", errors: [REPAIR_MESSAGES.completionPhotosFull] };
  return { status: "refused", errors: [REPAIR_MESSAGES.completionPhotosMeanwhile] };
}

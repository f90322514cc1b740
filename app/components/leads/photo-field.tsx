import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { ErrorList } from "~/components/ui/forms";
import {
  KEPT_PHOTOS_FIELD,
  REMOVE_KEPT_PHOTO_FIELD,
  type KeptPhoto,
  declaredTypeAgrees,
  detectPhotoKind,
  DRAWN_BY_EVERY_BROWSER,
  PHOTO_ACCEPT,
  PHOTO_KINDS,
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  PHOTOS_FIELD,
  photoSizeLabel,
  SNIFF_BYTES,
  type PhotoKind,
} from "~/photos/rules";

// The order form's photos. Without JavaScript it is a plain multiple file input
// and the server checks everything. With JavaScript each chosen file is checked
// here first, by the same rules (its bytes, its size, the count, the total), the
// accepted ones are shown as thumbnails that can be removed one by one, and the
// input's file list is kept equal to what is shown, so the form sends exactly that.

interface Chosen {
  id: string;
  file: File;
  kind: PhotoKind;
  url: string;
}

async function checkPhoto(file: File): Promise<{ kind: PhotoKind } | { message: string }> {
  if (file.size === 0) return { message: PHOTO_MESSAGES.empty(file.name) };
  if (file.size > PHOTO_LIMITS.fileBytes) return { message: PHOTO_MESSAGES.tooBig(file.name) };
  const kind = detectPhotoKind(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (!kind) return { message: PHOTO_MESSAGES.notAPhoto(file.name) };
  if (!declaredTypeAgrees(file.type, kind)) return { message: PHOTO_MESSAGES.mismatch(file.name) };
  return { kind };
}

/**
 * `kept`: photos the server kept from a refused post (without JavaScript the browser cannot keep a file input's
 * files across pages). Each goes back with the form as a hidden field, before the new photos, with a "Remove" box.
 */
export function PhotoField({ errors, kept = [] }: { errors?: string[] | undefined; kept?: readonly KeptPhoto[] }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  /** Photos this browser could not draw (a valid file it has no decoder for): shown as a tile, not a broken image. */
  const [undrawn, setUndrawn] = useState<ReadonlySet<string>>(new Set());
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const made = urls.current;
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  /** The input sends what the list shows. */
  function keep(next: Chosen[]) {
    setChosen(next);
    if (!input.current) return;
    const files = new DataTransfer();
    for (const photo of next) files.items.add(photo.file);
    input.current.files = files.files;
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.currentTarget.files ?? [])];
    const next = [...chosen];
    const messages = new Set<string>();
    for (const file of picked) {
      const check = await checkPhoto(file);
      if ("message" in check) messages.add(check.message);
      else if (next.length + kept.length >= PHOTO_LIMITS.count) messages.add(PHOTO_MESSAGES.tooMany());
      else if (next.reduce((sum, photo) => sum + photo.file.size, file.size) > PHOTO_LIMITS.totalBytes) messages.add(PHOTO_MESSAGES.tooMuch());
      else {
        const url = URL.createObjectURL(file);
        urls.current.add(url);
        next.push({ id: `${file.name}-${file.size}-${file.lastModified}-${next.length}`, file, kind: check.kind, url });
      }
    }
    setProblems([...messages]);
    keep(next);
  }

  function remove(photo: Chosen) {
    URL.revokeObjectURL(photo.url);
    urls.current.delete(photo.url);
    setProblems([]);
    keep(chosen.filter((other) => other.id !== photo.id));
    input.current?.focus();
  }

  const shown = [...problems, ...(errors ?? []).filter((error) => !problems.includes(error))];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field photo-field">
      <label htmlFor={id}>
        Photos or sketches <span className="field__required">(optional)</span>
      </label>
      <p id={hintId} className="field__hint">
        Up to {PHOTO_LIMITS.count} images: JPEG, PNG, WebP, HEIC or GIF, 10 MB each and 25 MB in all. Only our staff
        see them, and we remove the location your phone stores in a photo.
      </p>
      {kept.length > 0 ? (
        <fieldset className="photo-field__kept">
          <legend className="photo-field__kept-note">
            We kept {kept.length === 1 ? "this photo" : `these ${kept.length} photos`} from your last try: {kept.length === 1 ? "it goes" : "they go"} with your order.
          </legend>
          <ul className="photo-field__list" aria-label="Kept photos">
            {kept.map((photo) => (
              <li key={photo.token} className="photo-field__item">
                <input type="hidden" name={KEPT_PHOTOS_FIELD} value={photo.token} />
                <span className="photo-field__thumb photo-field__thumb--tile" aria-hidden="true">
                  Kept
                </span>
                <span className="photo-field__name">{photo.fileName}</span>
                <span className="photo-field__size">{photoSizeLabel(photo.size)}</span>
                <label className="photo-field__remove">
                  <input type="checkbox" name={REMOVE_KEPT_PHOTO_FIELD} value={photo.token} /> Remove
                  <span className="visually-hidden"> {photo.fileName}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <input
        ref={input}
        id={id}
        name={PHOTOS_FIELD}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        onChange={choose}
        aria-invalid={shown.length ? true : undefined}
        aria-describedby={[hintId, shown.length ? errorId : ""].filter(Boolean).join(" ")}
      />
      <ErrorList id={errorId} errors={shown} />
      {chosen.length > 0 ? (
        <ul className="photo-field__list" aria-label="Chosen photos">
          {chosen.map((photo) => (
            <li key={photo.id} className="photo-field__item">
              {DRAWN_BY_EVERY_BROWSER.has(photo.kind) && !undrawn.has(photo.id) ? (
                <img
                  src={photo.url}
                  alt=""
                  className="photo-field__thumb"
                  onError={() => setUndrawn((before) => new Set(before).add(photo.id))}
                />
              ) : (
                <span className="photo-field__thumb photo-field__thumb--tile" aria-hidden="true">
                  {PHOTO_KINDS[photo.kind].label}
                </span>
              )}
              <span className="photo-field__name">{photo.file.name}</span>
              <span className="photo-field__size">{photoSizeLabel(photo.file.size)}</span>
              <button type="button" className="photo-field__remove" onClick={() => remove(photo)}>
                Remove<span className="visually-hidden"> {photo.file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The bar shown while a form with photos is on its way (XMLHttpRequest reports the bytes sent). */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress">
      <label htmlFor="order-upload-progress">
        {percent < 100 ? `Sending your photos… ${percent}%` : "Photos sent, saving your order…"}
      </label>
      <progress id="order-upload-progress" max={100} value={percent}>
        {percent}%
      </progress>
    </div>
  );
}

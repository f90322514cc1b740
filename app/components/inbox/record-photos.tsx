import type { OrderPhoto } from "~/inbox/types";
import { orderPhotoHref } from "~/core/dashboard-links";
import { DRAWN_BY_EVERY_BROWSER, photoSizeLabel } from "~/photos/rules";

/**
 * The photos and sketches sent with an order (or a repair's photos, with `hrefOf` and `label`): thumbnails that
 * open the photo full size. HEIC and HEIF (only Safari draws them) get a labelled tile that opens (or downloads) the file.
 */
export function RecordPhotos<Photo extends OrderPhoto>({
  orderId = 0,
  photos,
  hrefOf = (photo) => orderPhotoHref(orderId, photo.position),
  label = "Photo",
}: {
  orderId?: number;
  photos: Photo[];
  hrefOf?: (photo: Photo) => string;
  label?: string;
}) {
  return (
    <ul className="record-photos" data-testid="record-photos">
      {photos.map((photo) => {
        const href = hrefOf(photo);
        return (
          <li key={photo.position} className="record-photos__item">
            <a href={href} className="record-photos__link">
              {DRAWN_BY_EVERY_BROWSER.has(photo.contentType) ? (
                <img src={href} alt={`${label} ${photo.position}`} className="record-photos__image" loading="lazy" />
              ) : (
                <span className="record-photos__tile" role="img" aria-label={`${label} ${photo.position}`}>
                  {photo.contentType === "image/heic" ? "HEIC" : "HEIF"}
                </span>
              )}
              <span className="record-photos__name">{photo.fileName}</span>
            </a>
            <span className="record-photos__size">{photoSizeLabel(photo.size)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The inbox row's paperclip: how many photos came with the order. */
export function PhotoCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="photo-count" title={`${count} photo${count === 1 ? "" : "s"}`}>
      <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M21 11.5l-8.6 8.6a5 5 0 01-7.1-7.1l8.6-8.6a3.3 3.3 0 014.7 4.7l-8.6 8.6a1.7 1.7 0 01-2.4-2.4l7.9-7.9" />
      </svg>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{`, ${count} photo${count === 1 ? "" : "s"}`}</span>
    </span>
  );
}

import { RecordPhotos } from "~/components/inbox/record-photos";

/** A photo as the repair's page shows it: where its bytes are (staff only) and what it is. */
export interface ShownPhoto {
  id: number;
  href: string;
  contentType: string;
  fileName: string;
  size: number;
  stage: "intake" | "completion";
  position: number;
}

/** How each completion photo is named to a screen reader ("Completion photo 2"); the card around them says the rest. */
export const COMPLETION_PHOTO_LABEL = "Completion photo";

/**
 * The repair's intake photos, under its details, for staff only: never on /repair. Shown like an order's photos.
 * The completion photos have their own card (completion-photos.tsx).
 */
export function IntakePhotos({ photos }: { photos: ShownPhoto[] }) {
  const shown = photos.filter((photo) => photo.stage === "intake");
  if (shown.length === 0) return null;
  return (
    <div className="repair-photos" data-stage="intake">
      <h3 className="record__subtitle">As it came in</h3>
      <RecordPhotos photos={shown} hrefOf={(photo) => photo.href} label="Intake photo" />
    </div>
  );
}

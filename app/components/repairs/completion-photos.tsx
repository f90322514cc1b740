import { Form, useNavigation } from "react-router";
import { RecordCard } from "~/components/dashboard/record-page";
import { ErrorList, HoneypotField } from "~/components/ui/forms";
import { REPAIR_PHOTOS } from "~/photos/rules";
import { COMPLETION_PHOTOS_INTENT, COMPLETION_PHOTOS_SHOWN_FIELD } from "~/repairs/rules";
import { RepairPhotoField } from "./intake-photo-field";
import { RecordPhotos } from "~/components/inbox/record-photos";
import { COMPLETION_PHOTO_LABEL, type ShownPhoto } from "./repair-photos";

/**
 * The repair's completion photos and, while there is room of the 6, the form that adds more: taken with the
 * phone's camera when the work is done, for staff only (never on /repair). The form posts multipart to the
 * repair's page itself, so a refused photo comes back beside the field with the page, with or without JavaScript.
 */
export function CompletionPhotos({ photos, errors }: { photos: ShownPhoto[]; errors: string[] | undefined }) {
  const navigation = useNavigation();
  const shown = photos.filter((photo) => photo.stage === "completion");
  const room = REPAIR_PHOTOS.count - shown.length;
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === COMPLETION_PHOTOS_INTENT;
  return (
    <RecordCard id="repair-completion-photos-title" title="Completion photos">
      {shown.length === 0 ? (
        <p className="muted">None yet: add photos of the finished work when it is done.</p>
      ) : (
        <RecordPhotos photos={shown} hrefOf={(photo) => photo.href} label={COMPLETION_PHOTO_LABEL} />
      )}
      {room > 0 ? (
        // Keyed by how many are stored: once some are, the slots start empty again.
        <Form key={shown.length} method="post" encType="multipart/form-data" className="repair-form completion-photos-form" aria-label="Add completion photos">
          <HoneypotField />
          <input type="hidden" name="intent" value={COMPLETION_PHOTOS_INTENT} />
          <input type="hidden" name={COMPLETION_PHOTOS_SHOWN_FIELD} value={shown.length} />
          <RepairPhotoField
            id="completion-photos"
            label={shown.length === 0 ? "Add completion photos" : "Add more completion photos"}
            hint={`Up to ${room} ${room === 1 ? "photo" : "photos"} of the finished work, 10 MB each. Only staff see them; the location a phone stores is removed.`}
            errors={errors}
            slots={room}
          />
          <button type="submit" className="button button--primary" disabled={adding}>
            {adding ? "Adding…" : "Add photos"}
          </button>
        </Form>
      ) : errors?.length ? (
        // A post from a page opened before the last photos were added.
        <ErrorList errors={errors} />
      ) : (
        <p className="muted">{`This repair has its ${REPAIR_PHOTOS.count} completion photos.`}</p>
      )}
    </RecordCard>
  );
}

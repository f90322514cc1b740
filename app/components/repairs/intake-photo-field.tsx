import { useState } from "react";
import { ErrorList } from "~/components/ui/forms";
import { useHydrated } from "~/components/site/use-hydrated";
import { PHOTO_ACCEPT, REPAIR_PHOTOS } from "~/photos/rules";

/**
 * Up to six photos of a piece (`slots`: fewer when some are stored already), taken at the counter: one file input per photo, each opening the phone's camera
 * (`capture`), so each tap takes one photo, with or without JavaScript. With it, the next slot shows once the one
 * before is filled; without it, all six show. The server checks every photo (app/photos/receive.server.ts).
 */
export function RepairPhotoField({
  id,
  label,
  hint,
  errors,
  slots = REPAIR_PHOTOS.count,
}: {
  id: string;
  label: string;
  hint: string;
  errors: string[] | undefined;
  slots?: number;
}) {
  const hydrated = useHydrated();
  const [filled, setFilled] = useState<boolean[]>(() => Array.from({ length: slots }, () => false));
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <fieldset className="repair-form__group repair-photo-field" aria-describedby={[hintId, errors?.length ? errorId : ""].filter(Boolean).join(" ")}>
      <legend>{label}</legend>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      <ErrorList id={errorId} errors={errors} />
      <ol className="repair-photo-field__slots">
        {filled.map((isFilled, index) => (
          <li key={index} hidden={hydrated && index > 0 && !filled[index - 1] && !isFilled}>
            <label htmlFor={`${id}-${index + 1}`}>Photo {index + 1}</label>
            <input
              id={`${id}-${index + 1}`}
              name={REPAIR_PHOTOS.field}
              type="file"
              accept={PHOTO_ACCEPT}
              capture="environment"
              aria-invalid={errors?.length ? true : undefined}
              onChange={(event) => {
                const chosen = (event.currentTarget.files?.length ?? 0) > 0;
                setFilled((before) => before.map((value, at) => (at === index ? chosen : value)));
              }}
            />
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

import type { ReactNode } from "react";

/**
 * What a save that met a newer change answers (decisions 106 and 131), above the form that still holds the clerk's
 * words: who changed it and when, the record as it is now (`now`: its status and whatever else the form edits), and
 * the stored note, so both notes can be read side by side in reading order.
 */
export function SaveConflictNotice({ message, now, note }: { message: string; now: ReactNode; note: string }) {
  return (
    <div className="save-conflict" role="alert" data-testid="save-conflict">
      <p className="save-conflict__title">{message}</p>
      {now}
      {note ? (
        <blockquote className="save-conflict__note" data-testid="current-note">
          {note}
        </blockquote>
      ) : (
        <p className="muted">The note is empty now.</p>
      )}
      <p className="muted">
        Nothing was saved. What you entered is still below: combine your note with the current one if you like, then
        Save again to replace it.
      </p>
    </div>
  );
}

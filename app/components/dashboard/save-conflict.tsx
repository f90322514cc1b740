import type { ReactNode } from "react";

/**
 * What a save that met a newer change answers (decisions 106 and 131), above the form that still holds the clerk's
 * choices: who changed it and when, and the record as it is now (`now`: its status and whatever else the form
 * edits). Notes never meet this: each is an entry of its own (decision 140).
 */
export function SaveConflictNotice({ message, now }: { message: string; now: ReactNode }) {
  return (
    <div className="save-conflict" role="alert" data-testid="save-conflict">
      <p className="save-conflict__title">{message}</p>
      {now}
      <p className="muted">Nothing was saved. What you chose is still below: Save again to set it over this change.</p>
    </div>
  );
}

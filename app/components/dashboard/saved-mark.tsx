import type { ReactNode } from "react";
import { useActionData, useLocation, useNavigation } from "react-router";

/**
 * A record form's Save button with "Saved" beside it once the save went through (issue 43). The action redirects
 * to the mark's fragment (`savedHref`). Without JavaScript the browser opens the page there and the mark shows as
 * the fragment's target. With JavaScript the form posts with `preventScrollReset` (the page stays where the clerk
 * is) and the mark shows while the address names it, unless a post is under way or the last one was refused.
 */
export function SaveWithMark({ form, intent, children }: { form: "status" | "note"; intent: string; children: ReactNode }) {
  const { hash } = useLocation();
  const navigation = useNavigation();
  const refused = useActionData() !== undefined;
  const posting = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const id = `saved-${form}`;
  const saved = hash === `#${id}` && !posting && !refused;
  return (
    <div className="save-row">
      {children}
      <span id={id} className="saved-mark" data-shown={saved || undefined}>
        <span aria-hidden="true">✓ </span>Saved
      </span>
    </div>
  );
}

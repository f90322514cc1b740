import { useFetcher } from "react-router";
import type { LeadStatus } from "~/db/schema";
import { recordHref, STATUS_LABELS, statusesFor, type Inbox } from "~/inbox/view";

export type StatusActionData = { ok: true; status: LeadStatus } | { ok: false; error: string };

/** Marks a submission made with JavaScript, which gets data back instead of a redirect. */
export const VIA_FETCHER = "fetcher";

/**
 * Changes a lead's status from its row. Without JavaScript it is a plain form
 * post that comes back to the same list with a toast; with JavaScript it goes
 * through a fetcher, so the page (scroll, filters, live rows) stays put.
 */
export function StatusForm({
  inbox,
  id,
  name,
  status,
  returnTo,
}: {
  inbox: Inbox;
  id: number;
  name: string;
  status: LeadStatus;
  returnTo: string;
}) {
  const fetcher = useFetcher<StatusActionData>({ key: `status-${inbox}-${id}` });
  const action = recordHref(inbox, id);
  const selectId = `status-${inbox}-${id}`;
  const message =
    fetcher.state !== "idle" ? "Saving…" : fetcher.data ? (fetcher.data.ok ? "Saved" : fetcher.data.error) : "";

  return (
    <form
      method="post"
      action={action}
      className="status-form"
      onSubmit={(event) => {
        event.preventDefault();
        const formData = new FormData(event.currentTarget);
        formData.set("via", VIA_FETCHER);
        void fetcher.submit(formData, { method: "post", action });
      }}
    >
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor={selectId} className="visually-hidden">
        Status of {name}
      </label>
      {/* Keyed by the stored status, so a change made elsewhere shows up after a refresh. */}
      <select key={status} id={selectId} name="status" defaultValue={status} className="status-form__select">
        {statusesFor(inbox).map((option) => (
          <option key={option} value={option}>
            {STATUS_LABELS[option]}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary status-form__save">
        Save<span className="visually-hidden"> status of {name}</span>
      </button>
      <span className="status-form__message" aria-live="polite" data-error={fetcher.data?.ok === false || undefined}>
        {message}
      </span>
    </form>
  );
}

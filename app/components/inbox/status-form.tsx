import { useFetcher } from "react-router";
import type { LeadStatus } from "~/core/lead-statuses";
import { INLINE_ANSWER } from "~/http/inline-answer";
import type { StatusActionData } from "~/inbox/rules";
import { LEADS, type LeadKind } from "~/core/lead-kinds";
import { leadHref } from "~/core/dashboard-links";
import { LEAD_STATUS_LABELS } from "~/core/lead-statuses";
import { statusesFor } from "~/inbox/view";
import { LISTS } from "~/core/staff-lists";

/**
 * Changes a lead's status from its row. Without JavaScript it is a plain form
 * post that comes back to the same list with a toast; with JavaScript it goes
 * through a fetcher, so the page (scroll, filters, live rows) stays put.
 */
export function StatusForm({
  kind,
  id,
  name,
  status,
  version,
  returnTo,
}: {
  kind: LeadKind;
  id: number;
  name: string;
  status: LeadStatus;
  /** The version the row was read at; after a save here, the one the answer names. */
  version: number;
  returnTo: string;
}) {
  const selectId = `status-${LEADS[kind].list}-${id}`;
  const fetcher = useFetcher<StatusActionData>({ key: selectId });
  const action = leadHref(kind, id);
  const message =
    fetcher.state !== "idle" ? "Saving…" : fetcher.data ? (fetcher.data.ok ? "Saved" : fetcher.data.error) : "";

  return (
    <form
      method="post"
      action={action}
      className="status-form"
      // A name of its own among a list's rows (IBM's engine): two records may share a customer's name.
      aria-label={`Status of ${name}, ${LISTS[LEADS[kind].list].one} ${id}`}
      onSubmit={(event) => {
        event.preventDefault();
        const formData = new FormData(event.currentTarget);
        formData.set(INLINE_ANSWER.name, INLINE_ANSWER.value);
        void fetcher.submit(formData, { method: "post", action });
      }}
    >
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="version" value={Math.max(version, fetcher.data?.version ?? 0)} />
      <label htmlFor={selectId} className="visually-hidden">
        Status of {name}
      </label>
      {/* Keyed by the stored status, so a change made elsewhere shows up after a refresh. */}
      <select key={status} id={selectId} name="status" defaultValue={status} className="status-form__select">
        {statusesFor(kind).map((option) => (
          <option key={option} value={option}>
            {LEAD_STATUS_LABELS[option]}
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

import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ErrorList } from "~/components/ui/forms";
import { MAX_SEARCH_LENGTH } from "~/core/search-term";

/**
 * A staff list's search and status filter (an inbox, the Repairs tab): a GET form, so it works without
 * JavaScript and the result has an address. `children` are hidden fields that keep the rest of the view.
 * On a phone it folds into a disclosure one tap away, so the list's first record is in the first screen; it is
 * open when a search or status is in use, and on a wide screen always shown (staff/list-tools.css).
 */
export function ListFilters({
  action,
  label,
  idPrefix,
  searchLabel,
  q,
  status,
  statuses,
  searchError,
  clearHref,
  children,
}: {
  action: string;
  /** The form's name for screen readers. */
  label: string;
  /** Keeps the fields' ids apart from any other list's. */
  idPrefix: string;
  searchLabel: string;
  q: string;
  status: string | null;
  statuses: readonly { value: string; label: string }[];
  searchError: string | null;
  /** The same view without a search or a status. */
  clearHref: string;
  children?: ReactNode;
}) {
  const errorId = `${idPrefix}-search-error`;
  const filtered = Boolean(q || status || searchError);
  return (
    <details className="list-filters" open={filtered || undefined}>
      <summary className="list-filters__toggle">
        Search and filter
        {q || status ? <span className="list-filters__on"> (in use)</span> : null}
      </summary>
      <Form method="get" action={action} role="search" aria-label={label} className="inbox-filters">
        {children}
        <div className="field inbox-filters__search">
          <label htmlFor={`${idPrefix}-search`}>{searchLabel}</label>
          <input
            id={`${idPrefix}-search`}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={MAX_SEARCH_LENGTH}
            autoComplete="off"
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? errorId : undefined}
          />
          <ErrorList id={errorId} errors={searchError ? [searchError] : undefined} />
        </div>
        <div className="field inbox-filters__status">
          <label htmlFor={`${idPrefix}-status`}>Status</label>
          <select id={`${idPrefix}-status`} name="status" defaultValue={status ?? ""}>
            <option value="">All statuses</option>
            {statuses.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="inbox-filters__actions">
          <button type="submit" className="button button--primary">
            Search
          </button>
          {q || status ? (
            <Link className="button button--link" to={clearHref}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
    </details>
  );
}

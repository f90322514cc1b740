import type { ReactNode } from "react";
import { isRouteErrorResponse, Link } from "react-router";

/**
 * The frame of a staff page about one thing (a lead's record, a repair): the way back to its list, the title,
 * one line of facts, anything to do with it as a whole (`actions`), then its cards (`children`, RecordCard).
 */
export function RecordPage({
  className,
  backTo,
  backLabel,
  title,
  meta,
  actions,
  children,
}: {
  /** A page's own class beside `record`, for the styles only it has. */
  className?: string;
  backTo: string;
  /** What the back link goes back to, as in "← Back to Repairs". */
  backLabel: string;
  title: ReactNode;
  meta: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className={className ? `staff-page container record ${className}` : "staff-page container record"}>
      <p className="record__back">
        <Link to={backTo}>← Back to {backLabel}</Link>
      </p>
      <h1 className="record__title">{title}</h1>
      <p className="record__meta">{meta}</p>
      {actions}
      <div className="record__grid">{children}</div>
    </main>
  );
}

/** One card of a record page, named by its heading (`id` must be unique on the page). */
export function RecordCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card record__card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A record page's error boundary: a 404 says the thing is not there, anything else to try again; both lead back to the list. */
export function RecordErrorPage({ error, notFoundTitle, backTo, backLabel }: { error: unknown; notFoundTitle: string; backTo: string; backLabel: string }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="staff-page container">
      <h1>{notFound ? notFoundTitle : "Something went wrong"}</h1>
      <p>{notFound ? "It may have been removed, or the link is incomplete." : "Please reload the page in a moment."}</p>
      <p>
        <Link to={backTo}>{backLabel}</Link>
      </p>
    </main>
  );
}

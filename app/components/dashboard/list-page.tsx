import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { LISTS, type StaffList } from "~/core/staff-lists";
import type { Announcement } from "./announcements";
import { DashboardTabs } from "./dashboard-tabs";
import { LiveStatus } from "./live-status";
import type { LiveState } from "./use-room-connection";

/**
 * What a list cell is on a phone, where each row is a card that shows only what a clerk needs to choose a record:
 * its name, what kind it is, when, and its status (its unread tag sits by the name); a list of messages shows
 * the first words of each (`preview`) where the others show a status. Cells with no role stay in
 * the table on a wide screen and are left off the card (staff/tables.css). The list's name cell is the one the
 * phone test looks for in the first screen.
 */
export type CardRole = "name" | "kind" | "when" | "status" | "preview";

/** A cell's attribute for its card role, or none. */
export function cardRole(role: CardRole | undefined): { "data-card"?: CardRole } {
  return role ? { "data-card": role } : {};
}

/** A client-side load of the list's page (another page of it, a filter, a tab); a live refresh is a fetcher and does not count. */
export function useListLoading(list: StaffList): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname.toLowerCase() === LISTS[list].page;
}

/**
 * The frame of a staff list page (any list of the registry): the heading with the live state, the tabs, the
 * panel the list sits in (`children`, named by the heading `labelledBy` points to), and the polite live region
 * that says what arrived.
 */
export function ListPage({
  list,
  unread,
  live,
  announcement,
  loading,
  labelledBy,
  children,
}: {
  list: StaffList;
  unread: Record<StaffList, number>;
  live: LiveState;
  announcement: Announcement;
  loading: boolean;
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <main className="staff-page container inbox" aria-busy={loading || undefined}>
      <div className="inbox__heading">
        <h1>{LISTS[list].heading}</h1>
        <LiveStatus state={live} />
      </div>
      <DashboardTabs active={list} unread={unread} />
      <section className="inbox__panel" aria-labelledby={labelledBy}>
        {children}
      </section>
      <div className="visually-hidden" aria-live="polite">
        {/* A new element for each announcement: the same words again ("New order received.") are still read out. */}
        <span key={announcement.id}>{announcement.text}</span>
      </div>
    </main>
  );
}

/** The list's rows as a CSV download: the view as it stands, from its first page. */
export function ExportLink({ list, viewKey }: { list: StaffList; viewKey: string }) {
  const params = new URLSearchParams(viewKey);
  params.delete("after");
  params.delete("before");
  return (
    <a className="button button--secondary inbox__export" href={`${LISTS[list].exportPath}?${params}`} download>
      Export CSV
    </a>
  );
}

/** The list (`children`) with its pager, or while another page loads a spinner, or when there are no rows what `empty` says. */
export function ListResults({
  loading,
  empty,
  page,
  children,
}: {
  loading: boolean;
  empty: string;
  page: { rows: readonly unknown[]; newerHref: string | null; olderHref: string | null };
  children: ReactNode;
}) {
  return (
    <>
      {loading ? (
        <div className="inbox__loading" role="status">
          <span className="spinner" aria-hidden="true" />
          Fetching data...
        </div>
      ) : page.rows.length === 0 ? (
        <p className="inbox__empty" role="status">
          {empty}
        </p>
      ) : (
        children
      )}
      {!loading && (page.newerHref || page.olderHref) ? (
        <nav aria-label="Pages" className="pager">
          {page.newerHref ? (
            <Link to={page.newerHref} className="button button--secondary" rel="prev">
              ← Previous page
            </Link>
          ) : null}
          {page.olderHref ? (
            <Link to={page.olderHref} className="button button--secondary" rel="next">
              Next page →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

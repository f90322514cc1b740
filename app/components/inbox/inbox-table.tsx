import type { ReactNode } from "react";
import { Link } from "react-router";
import { LEADS, type LeadKind } from "~/core/lead-kinds";
import { formatPhone, telHref } from "~/core/phone";
import { leadHref } from "~/core/dashboard-links";
import type { InboxRow } from "~/inbox/types";
import { PhotoCount } from "./record-photos";
import { StatusForm } from "./status-form";
import { EmailLink } from "~/components/ui/web-address";
import { LISTS } from "~/core/staff-lists";
import { cardRole, type CardRole } from "~/components/dashboard/list-page";

interface Column {
  header: string;
  /** Hidden on small screens (the issue asks this of Material Preferences). */
  wide?: boolean;
  /** What the cell is on a phone's card (staff/tables.css); a cell with none is left off the card. */
  card?: CardRole;
  className?: string;
  cell: (row: InboxRow) => ReactNode;
}

const phoneLink = (row: InboxRow) => <a href={telHref(row.phone)}>{formatPhone(row.phone)}</a>;
const emailLink = (row: InboxRow) => ("email" in row ? <EmailLink address={row.email} /> : null);
const nameLink = (row: InboxRow) => (
  <Link to={leadHref(row.kind, row.id)} className="list-table__name">
    {row.name}
  </Link>
);

// The columns of each tab, exactly as the issue lists them, then Status.
const COLUMNS: Record<LeadKind, Column[]> = {
  appointment: [
    { header: "Name", cell: nameLink, card: "name" },
    { header: "Phone", cell: phoneLink, className: "nowrap" },
    { header: "Date", cell: (row) => row.dateLabel, className: "nowrap", card: "when" },
    { header: "Time", cell: (row) => (row.kind === "appointment" ? row.time : null), className: "nowrap", card: "when" },
    { header: "Service", cell: (row) => (row.kind === "appointment" ? row.service : null), card: "kind" },
  ],
  order: [
    { header: "Date & Time", cell: (row) => row.createdAtLabel, className: "list-table__when", card: "when" },
    {
      header: "Customer Name",
      card: "name",
      cell: (row) => (
        <>
          {nameLink(row)}
          {row.kind === "order" ? <PhotoCount count={row.photoCount} /> : null}
        </>
      ),
    },
    { header: "Email", cell: emailLink },
    { header: "Phone", cell: phoneLink, className: "nowrap" },
    { header: "Diamond Selection", cell: (row) => (row.kind === "order" ? row.diamondSelection : null) },
    { header: "Jewelry Type", cell: (row) => (row.kind === "order" ? row.jewelryType : null), card: "kind" },
    {
      header: "Material Preferences",
      wide: true,
      cell: (row) => (row.kind === "order" ? row.materialPreferences : null),
    },
  ],
  contact: [
    { header: "Date & Time", cell: (row) => row.createdAtLabel, className: "list-table__when", card: "when" },
    { header: "Name", cell: nameLink, card: "name" },
    { header: "Email", cell: emailLink },
    { header: "Phone", cell: phoneLink, className: "nowrap" },
    {
      header: "Message",
      className: "list-table__message",
      cell: (row) => (row.kind === "contact" ? <span className="clamp">{row.message}</span> : null),
    },
  ],
};

/** Rows in runs of one day (appointments by visit time), or one run without a heading. */
function groupByDay(rows: InboxRow[]): { heading: string | null; rows: InboxRow[] }[] {
  const groups: { heading: string | null; rows: InboxRow[] }[] = [];
  for (const row of rows) {
    const heading = row.dayHeading ?? null;
    const last = groups[groups.length - 1];
    if (last && last.heading === heading) last.rows.push(row);
    else groups.push({ heading, rows: [row] });
  }
  return groups;
}

export function InboxTable({
  kind,
  rows,
  returnTo,
  justArrived,
}: {
  kind: LeadKind;
  rows: InboxRow[];
  returnTo: string;
  /** Ids that arrived live while this page was open. */
  justArrived: ReadonlySet<number>;
}) {
  const columns = COLUMNS[kind];
  return (
    <div className="table-wrap list-table-wrap" role="region" aria-label={LISTS[LEADS[kind].list].label}>
      <table className="data-table list-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.wide ? "wide-only" : undefined}>
                {column.header}
              </th>
            ))}
            <th scope="col">Status</th>
          </tr>
        </thead>
        {groupByDay(rows).map((group) => (
          <tbody key={group.heading ?? "rows"}>
            {group.heading ? (
              <tr className="list-table__day">
                <th scope="rowgroup" colSpan={columns.length + 1}>
                  {group.heading}
                </th>
              </tr>
            ) : null}
            {group.rows.map((row) => {
              const arrived = justArrived.has(row.id);
              const classes = [row.unread ? "is-unread" : "", arrived ? "is-arrived" : ""].filter(Boolean).join(" ");
              return (
                <tr
                  key={row.id}
                  className={classes || undefined}
                  data-testid="inbox-row"
                  data-id={row.id}
                  data-unread={row.unread ? "true" : "false"}
                >
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      className={[column.className, column.wide ? "wide-only" : ""].filter(Boolean).join(" ") || undefined}
                      data-label={column.header}
                      {...cardRole(column.card)}
                    >
                      <span className="list-table__value">
                        {column.card === "name" && row.unread ? (
                          <span className="unread-tag">{arrived ? "Just in" : "New"}</span>
                        ) : null}
                        {column.cell(row)}
                      </span>
                    </td>
                  ))}
                  <td data-label="Status" {...cardRole("status")}>
                    <StatusForm kind={row.kind} id={row.id} name={row.name} status={row.status} version={row.version} returnTo={returnTo} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}

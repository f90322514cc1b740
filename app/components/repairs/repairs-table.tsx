import { Link } from "react-router";
import { formatPhone, telHref } from "~/core/phone";
import { REPAIR_STATUS_LABELS, type RepairStatus } from "~/core/repair-statuses";
import { repairHref, workLabel } from "~/repairs/view";
import { cardRole } from "~/components/dashboard/list-page";

export interface RepairTableRow {
  id: number;
  ticket: string;
  name: string;
  phone: string;
  item: string;
  work: string;
  workDetail: string;
  status: RepairStatus;
  unread: boolean;
  overdue: boolean;
  createdAtLabel: string;
  promisedLabel: string;
  estimateLabel: string;
}

export function RepairStatusPill({ status, overdue }: { status: RepairStatus; overdue: boolean }) {
  return (
    <>
      <span className={`status-pill repair-pill repair-pill--${status}`}>{REPAIR_STATUS_LABELS[status]}</span>
      {overdue ? <span className="status-pill repair-pill repair-pill--overdue">Overdue</span> : null}
    </>
  );
}

export function RepairsTable({ rows }: { rows: RepairTableRow[] }) {
  return (
    <div className="table-wrap list-table-wrap" role="region" aria-label="Repairs list">
      <table className="data-table list-table repairs-table">
        <thead>
          <tr>
            <th scope="col">Ticket</th>
            <th scope="col">Customer</th>
            <th scope="col">Item</th>
            <th scope="col">Work</th>
            <th scope="col">Promised</th>
            <th scope="col">Estimate</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={row.unread ? "is-unread" : undefined} data-testid="repair-row" data-id={row.id} data-unread={row.unread ? "true" : "false"}>
              <td data-label="Ticket" className="nowrap" {...cardRole("kind")}>
                <span className="list-table__value">
                  <Link to={repairHref(row.id)} className="list-table__name repairs-table__ticket">
                    {row.ticket}
                  </Link>
                </span>
              </td>
              <td data-label="Customer" {...cardRole("name")}>
                <span className="list-table__value">
                  {row.unread ? <span className="unread-tag">New</span> : null}
                  <Link to={repairHref(row.id)} className="list-table__name">
                    {row.name}
                  </Link>
                  <span className="list-table__more">
                    <br />
                    <a href={telHref(row.phone)}>{formatPhone(row.phone)}</a>
                  </span>
                </span>
              </td>
              <td data-label="Item">
                <span className="list-table__value">{row.item}</span>
              </td>
              <td data-label="Work" {...cardRole("kind")}>
                <span className="list-table__value">{workLabel(row)}</span>
              </td>
              <td data-label="Promised" className="nowrap" {...cardRole("when")}>
                <span className="list-table__value">
                  <span className="list-table__card-only">Promised </span>
                  {row.promisedLabel}
                </span>
              </td>
              <td data-label="Estimate" className="nowrap">
                <span className="list-table__value">{row.estimateLabel || "–"}</span>
              </td>
              <td data-label="Status" {...cardRole("status")}>
                <span className="list-table__value repairs-table__status">
                  <RepairStatusPill status={row.status} overdue={row.overdue} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

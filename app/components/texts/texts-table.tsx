import { Link } from "react-router";
import { cardRole } from "~/components/dashboard/list-page";
import { textHref } from "~/texts/view";

export interface TextTableRow {
  id: number;
  from: string;
  receivedLabel: string;
  preview: string;
  unread: boolean;
}

/** The Texts list: who, when, the first words, and New; on a phone each row is a card of those four (tables.css). */
export function TextsTable({ rows }: { rows: TextTableRow[] }) {
  return (
    // Three columns that wrap: nothing scrolls sideways, so the wrapper needs no keyboard stop (IBM's engine refuses
    // a focusable region).
    <div className="table-wrap list-table-wrap">
      <table className="data-table list-table texts-table" aria-label="Texts list">
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Received</th>
            <th scope="col">Text</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={row.unread ? "is-unread" : undefined} data-testid="text-row" data-id={row.id} data-unread={row.unread ? "true" : "false"}>
              <td data-label="From" className="nowrap" {...cardRole("name")}>
                <span className="list-table__value">
                  {row.unread ? <span className="unread-tag">New</span> : null}
                  <Link to={textHref(row.id)} className="list-table__name">
                    {row.from}
                  </Link>
                </span>
              </td>
              <td data-label="Received" className="nowrap" {...cardRole("when")}>
                <span className="list-table__value">{row.receivedLabel}</span>
              </td>
              <td data-label="Text" {...cardRole("preview")}>
                <span className="list-table__value">{row.preview}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

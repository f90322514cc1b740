/** One month of the review requests that went out (decision 146), as the Staff page lists them. */
export interface ReviewMonth {
  /** "November 2026" */
  label: string;
  texts: number;
  emails: number;
}

/**
 * The owner's count of review requests sent, by month, newest first: a small table of plain numbers that a phone
 * shows whole (four short columns), its name the section's heading.
 */
export function ReviewRequestCounts({ months }: { months: ReviewMonth[] }) {
  return (
    <section className="card review-counts" aria-labelledby="reviews-title" data-testid="review-requests">
      <h2 id="reviews-title">Review requests sent</h2>
      <p className="muted">
        The day after a visit is marked Done or a repair Picked up, the customer gets one request for a Google review, by
        text or else by e-mail, at most once in 180 days. A request counts here once it went out.
      </p>
      <div className="table-wrap">
        <table className="data-table" aria-labelledby="reviews-title">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Texts</th>
              <th scope="col">E-mails</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.label}>
                <th scope="row">{month.label}</th>
                <td>{month.texts}</td>
                <td>{month.emails}</td>
                <td>{month.texts + month.emails}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

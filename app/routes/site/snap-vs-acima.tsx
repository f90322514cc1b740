import { PageHero } from "~/components/site/page-hero";
import { phoneHref, store } from "~/config/store";
import { seo } from "~/http/seo";

export function meta() {
  return seo({
    title: "Acima vs Snap: Lease-to-Own Compared",
    description:
      "Acima and Snap side by side: approval up to $4,000 or $5,000, a 90-day early purchase or a 100-day early " +
      "buyout, payment schedules and what you need to qualify.",
    path: "/snapVSacima",
  });
}

const NOT_STATED = "Set in your lease agreement";

const rows: { label: string; acima: string; snap: string }[] = [
  { label: "Approval up to", acima: "$4,000", snap: "$5,000" },
  { label: "Lease term", acima: "12 months", snap: NOT_STATED },
  { label: "First payment", acima: "About 10–14 days after purchase", snap: NOT_STATED },
  { label: "Paying off early", acima: "Within 90 days, for the cash price plus a small fee", snap: "100-day early buyout" },
  { label: "Payment schedule", acima: "Weekly, biweekly or monthly", snap: "Weekly, biweekly or monthly" },
  { label: "Age", acima: "18 or older", snap: "18 or older" },
  { label: "Income", acima: "At least $1,000 a month", snap: "Steady income" },
  { label: "Bank account", acima: "Checking account open at least 90 days", snap: "Checking account" },
  { label: "ID", acima: "Government-issued photo ID", snap: "Photo ID" },
];

export default function SnapVsAcimaPage() {
  return (
    <main>
      <PageHero eyebrow="Financing Companies" title="Acima vs Snap">
        <p>
          Both let you take your jewelry home today and own it over time through a lease. Here is how they differ, so
          you can pick the one that fits.
        </p>
      </PageHero>

      <section className="section" aria-labelledby="compare-heading">
        <div className="container container--narrow">
          <h2 id="compare-heading" className="visually-hidden">Side by side</h2>
          <div className="table-wrap compare">
            <table className="data-table data-table--fit compare-table">
              <caption>Acima and Snap lease-to-own, side by side</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Term</span>
                  </th>
                  <th scope="col">
                    <a href="/acima">Acima</a>
                  </th>
                  <th scope="col">
                    <a href="/snap">Snap</a>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{row.acima}</td>
                    <td>{row.snap}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <div className="card-grid card-grid--2 compare__advice">
            <article className="card" aria-labelledby="acima-fit-heading">
              <h3 id="acima-fit-heading">Acima may suit you if</h3>
              <p>
                You want a fixed 12-month lease with your first payment about two weeks away, and you can buy out within
                90 days.
              </p>
            </article>
            <article className="card" aria-labelledby="snap-fit-heading">
              <h3 id="snap-fit-heading">Snap may suit you if</h3>
              <p>You need a higher approval, up to $5,000, or a little longer, 100 days, to buy out early.</p>
            </article>
          </div>

          <aside className="notice" aria-label="About lease-to-own">
            <p>
              <strong>Lease-to-own is not a loan.</strong> Acima and Snap, not {store.name}, decide on approval and
              provide the lease. Leasing costs more than the cash price; each agreement shows the full cost before you
              sign. Prefer no lease at all? Ask about our <a href="/services#layaway">layaway</a>: up to six months,
              no credit check.
            </p>
          </aside>
          <div className="button-row">
            <a href="/acima" className="button button--secondary">About Acima</a>
            <a href="/snap" className="button button--secondary">About Snap</a>
            <a href={phoneHref} className="button button--link">Questions? Call {store.phone.display}</a>
          </div>
        </div>
      </section>
    </main>
  );
}

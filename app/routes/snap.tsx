import type { Route } from "./+types/snap";
import { CheckList } from "~/components/site/check-list";
import { FinancingNext, LeaseDisclosure } from "~/components/site/financing";
import { PageHero } from "~/components/site/page-hero";
import { seo } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Snap Lease-to-Own Financing",
    description:
      "Snap lease-to-own at our Bartlett jewelry store: approval up to $5,000, a 100-day early buyout option and " +
      "weekly, biweekly or monthly payments.",
    path: "/snap",
  });
}

export default function SnapPage() {
  return (
    <main>
      <PageHero eyebrow="Financing Companies" title="Snap lease-to-own">
        <p>
          Snap lets you lease your jewelry and own it over time, with a higher approval limit and 100 days to buy it out
          early.
        </p>
      </PageHero>

      <section className="section" aria-labelledby="snap-terms-heading">
        <div className="container">
          <h2 id="snap-terms-heading">The terms at a glance</h2>
          <dl className="facts facts--3">
            <div>
              <dt>Approval</dt>
              <dd>Up to $5,000</dd>
            </div>
            <div>
              <dt>Early buyout</dt>
              <dd>
                100 days<small>to buy out your lease early</small>
              </dd>
            </div>
            <div>
              <dt>Payments</dt>
              <dd>
                Weekly, biweekly or monthly<small>to match your paydays</small>
              </dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="snap-qualify-heading">
        <div className="container split-2">
          <div>
            <p className="eyebrow">Who qualifies</p>
            <h2 id="snap-qualify-heading">What you need to apply</h2>
            <CheckList items={["You are 18 or older", "A checking account", "A steady income", "A photo ID"]} />
          </div>
          <div>
            <p className="eyebrow">How it works</p>
            <h2>Four steps</h2>
            <ol className="numbered-list">
              <li>Choose your jewelry in the store.</li>
              <li>Apply with Snap; we help you at the counter.</li>
              <li>Review and sign the lease, then take your piece home.</li>
              <li>Pay weekly, biweekly or monthly, or use the 100-day early buyout.</li>
            </ol>
          </div>
        </div>
      </section>

      <section className="section" aria-label="Before you apply">
        <div className="container container--narrow">
          <LeaseDisclosure provider="Snap" />
          <FinancingNext other={{ to: "/acima", label: "See Acima" }} />
        </div>
      </section>
    </main>
  );
}

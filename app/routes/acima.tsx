import type { Route } from "./+types/acima";
import { CheckList } from "~/components/site/check-list";
import { FinancingNext, LeaseDisclosure } from "~/components/site/financing";
import { PageHero } from "~/components/site/page-hero";
import { seo } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Acima Lease-to-Own Financing",
    description:
      "Acima lease-to-own at our Bartlett jewelry store: approval up to $4,000, a 12-month lease, weekly, biweekly or " +
      "monthly payments, and early purchase within 90 days for the cash price plus a small fee.",
    path: "/acima",
  });
}

export default function AcimaPage() {
  return (
    <main>
      <PageHero eyebrow="Financing Companies" title="Acima lease-to-own">
        <p>
          Take your piece home today and pay for it over time through a lease-to-own agreement with Acima, with payments
          that match your paydays.
        </p>
      </PageHero>

      <section className="section" aria-labelledby="acima-terms-heading">
        <div className="container">
          <h2 id="acima-terms-heading">The terms at a glance</h2>
          <dl className="facts facts--3">
            <div>
              <dt>Approval</dt>
              <dd>Up to $4,000</dd>
            </div>
            <div>
              <dt>Lease term</dt>
              <dd>12 months</dd>
            </div>
            <div>
              <dt>First payment</dt>
              <dd>
                About 10–14 days<small>after your purchase</small>
              </dd>
            </div>
            <div>
              <dt>Payments</dt>
              <dd>
                Weekly, biweekly or monthly<small>to match your paydays</small>
              </dd>
            </div>
            <div>
              <dt>Early purchase</dt>
              <dd>
                Within 90 days<small>for the cash price plus a small fee</small>
              </dd>
            </div>
            <div>
              <dt>Where</dt>
              <dd>
                In store<small>we help you apply at the counter</small>
              </dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="acima-qualify-heading">
        <div className="container split-2">
          <div>
            <p className="eyebrow">Who qualifies</p>
            <h2 id="acima-qualify-heading">What you need to apply</h2>
            <CheckList
              items={[
                "You are 18 or older",
                "An income of at least $1,000 a month",
                "A checking account open for at least 90 days",
                "A government-issued photo ID",
              ]}
            />
          </div>
          <div>
            <p className="eyebrow">How it works</p>
            <h2>Four steps</h2>
            <ol className="numbered-list">
              <li>Choose your jewelry in the store.</li>
              <li>Apply with Acima; we help you at the counter.</li>
              <li>Review and sign the lease, then take your piece home.</li>
              <li>Pay weekly, biweekly or monthly, or buy it out early within 90 days.</li>
            </ol>
          </div>
        </div>
      </section>

      <section className="section" aria-label="Before you apply">
        <div className="container container--narrow">
          <LeaseDisclosure provider="Acima" />
          <FinancingNext other={{ to: "/snap", label: "See Snap" }} />
        </div>
      </section>
    </main>
  );
}

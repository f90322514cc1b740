import type { FinancingProvider } from "~/config/financing";
import { phoneHref, store } from "~/config/store";
import { CheckList } from "./check-list";
import { PageHero } from "./page-hero";

/** The Acima and Snap pages: one layout, filled from app/config/financing.ts. */
export function FinancingProviderPage({ provider }: { provider: FinancingProvider }) {
  const { id, name } = provider;
  return (
    <main>
      <PageHero eyebrow="Financing Companies" title={`${name} lease-to-own`}>
        <p>{provider.intro}</p>
      </PageHero>

      <section className="section" aria-labelledby={`${id}-terms-heading`}>
        <div className="container">
          <h2 id={`${id}-terms-heading`}>The terms at a glance</h2>
          <dl className="facts facts--3">
            {provider.facts.map((fact) => (
              <div key={fact.term}>
                <dt>{fact.term}</dt>
                <dd>
                  {fact.value}
                  {fact.note ? <small>{fact.note}</small> : null}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby={`${id}-qualify-heading`}>
        <div className="container split-2">
          <div>
            <p className="eyebrow">Who qualifies</p>
            <h2 id={`${id}-qualify-heading`}>What you need to apply</h2>
            <CheckList items={provider.qualifications} />
          </div>
          <div>
            <p className="eyebrow">How it works</p>
            <h2>Four steps</h2>
            <ol className="numbered-list">
              <li>Choose your jewelry in the store.</li>
              <li>Apply with {name}; we help you at the counter.</li>
              <li>Review and sign the lease, then take your piece home.</li>
              <li>{provider.payoffStep}</li>
            </ol>
          </div>
        </div>
      </section>

      <section className="section" aria-label="Before you apply">
        <div className="container container--narrow">
          <LeaseDisclosure provider={name} />
          <FinancingNext other={provider.other} />
        </div>
      </section>
    </main>
  );
}

/** What every lease-to-own page must say plainly. */
export function LeaseDisclosure({ provider }: { provider: "Acima" | "Snap" }) {
  return (
    <aside className="notice" aria-label={`About ${provider} lease-to-own`}>
      <p>
        <strong>Lease-to-own is not a loan.</strong> {provider}, not {store.name}, decides on approval and provides the
        lease agreement. Leasing costs more than paying the cash price; your agreement shows the total cost and every
        payment before you sign.
      </p>
    </aside>
  );
}

export function FinancingNext({ other }: { other: { to: string; label: string } }) {
  return (
    <div className="button-row">
      <a href="/snapVSacima" className="button button--primary">Compare Acima and Snap</a>
      <a href={other.to} className="button button--secondary">{other.label}</a>
      <a href={phoneHref} className="button button--link">Questions? Call {store.phone.display}</a>
    </div>
  );
}

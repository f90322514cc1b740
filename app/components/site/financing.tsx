import { Link } from "react-router";
import { phoneHref, store } from "~/config/store";

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
      <Link to="/snapVSacima" className="button button--primary">Compare Acima and Snap</Link>
      <Link to={other.to} className="button button--secondary">{other.label}</Link>
      <a href={phoneHref} className="button button--link">Questions? Call {store.phone.display}</a>
    </div>
  );
}

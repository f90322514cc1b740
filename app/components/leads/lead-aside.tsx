import type { ReactNode } from "react";
import { ClockIcon, MapPinIcon, PhoneIcon } from "~/components/site/icons";
import { mapsSearchUrl, phoneHref, store, storeAddressLine } from "~/config/store";

/** The column beside a lead form: what happens next, and how else to reach the store. */
export function LeadAside({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside className="lead-aside" aria-labelledby="lead-aside-title">
      <h2 id="lead-aside-title" className="lead-aside__title">
        {title}
      </h2>
      {children}
      <ul className="lead-aside__contact">
        <li>
          <PhoneIcon />
          <span>
            Prefer to talk? Call <a href={phoneHref}>{store.phone.display}</a>
          </span>
        </li>
        <li>
          <MapPinIcon />
          <a href={mapsSearchUrl}>{storeAddressLine}</a>
        </li>
        <li>
          <ClockIcon />
          <span className="lead-aside__hours">
            {store.hours.map((hours) => (
              <span key={hours.label}>{hours.label}</span>
            ))}
          </span>
        </li>
      </ul>
    </aside>
  );
}

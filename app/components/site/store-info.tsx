import { emailHref, mapsSearchUrl, phoneHref, store } from "~/config/store";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "./icons";

/** The Information block: phone, e-mail, address (to a maps search) and hours. */
export function StoreInfo({ title = "Information" }: { title?: string }) {
  // A plain block, not a landmark: it appears twice on a page (menu and footer).
  return (
    <div className="store-info">
      <h2 className="eyebrow eyebrow--heading">{title}</h2>
      <address>
        <ul className="store-info__list">
          <li>
            <PhoneIcon />
            <a href={phoneHref}>{store.phone.display}</a>
          </li>
          <li>
            <MailIcon />
            <a href={emailHref}>{store.email}</a>
          </li>
          <li>
            <MapPinIcon />
            <a href={mapsSearchUrl} target="_blank" rel="noopener noreferrer">
              {store.address.street}
              <br />
              {store.address.city}, {store.address.region} {store.address.postalCode}
              <span className="visually-hidden"> (map, opens in a new tab)</span>
            </a>
          </li>
          <li>
            <ClockIcon />
            <span>
              {store.hours.map((entry) => (
                <span key={entry.label} className="store-info__hours">{entry.label}</span>
              ))}
            </span>
          </li>
        </ul>
      </address>
    </div>
  );
}

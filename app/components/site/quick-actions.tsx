import { phoneHref, store } from "~/config/store";
import { PhoneIcon, WhatsAppIcon } from "./icons";

/** Call and WhatsApp within thumb reach on phones (hidden on wide screens, where the header shows the phone). */
export function QuickActions() {
  return (
    <div className="quick-actions">
      <a className="quick-actions__button" href={phoneHref} aria-label={`Call ${store.phone.display}`}>
        <PhoneIcon />
      </a>
      <a
        className="quick-actions__button"
        href={store.social.whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat on WhatsApp (opens in a new tab)"
      >
        <WhatsAppIcon />
      </a>
    </div>
  );
}

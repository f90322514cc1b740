import { hoursSummary, mapsSearchUrl, phoneHref, store } from "~/config/store";
import { Brand } from "./brand";
import { FinancingMenu } from "./financing-menu";
import { PhoneIcon } from "./icons";
import { MobileMenu } from "./mobile-menu";
import { headerLinksAfter, headerLinksBefore } from "~/config/navigation";
import { SiteNavLink } from "./site-nav-link";
import { SocialLinks } from "./social-links";

export function SiteHeader() {
  return (
    <header className="site-header">
      {/* First in the banner landmark, so every piece of the page sits in a landmark. */}
      <a className="skip-link" href="#main">Skip to content</a>
      <div className="topbar">
        <div className="container topbar__inner">
          <p className="topbar__hours">{hoursSummary}</p>
          <a className="topbar__address" href={mapsSearchUrl} target="_blank" rel="noopener noreferrer">
            {store.address.street}, {store.address.city}, {store.address.region}
            <span className="visually-hidden"> (map, opens in a new tab)</span>
          </a>
          <div className="topbar__end">
            <a className="topbar__phone" href={phoneHref}>
              <PhoneIcon />
              {store.phone.display}
            </a>
            <SocialLinks className="social-links--topbar" />
          </div>
        </div>
      </div>
      <div className="container site-header__bar">
        <Brand />
        <nav aria-label="Main" className="main-nav">
          <ul className="main-nav__list">
            {headerLinksBefore.map((item) => (
              <li key={item.to}>
                <SiteNavLink item={item} className="main-nav__link" />
              </li>
            ))}
            <li>
              <FinancingMenu />
            </li>
            {headerLinksAfter.map((item) => (
              <li key={item.to}>
                <SiteNavLink item={item} className="main-nav__link" />
              </li>
            ))}
          </ul>
        </nav>
        <a className="header-call" href={phoneHref} aria-label={`Call ${store.phone.display}`}>
          <PhoneIcon />
          <span className="header-call__number">{store.phone.display}</span>
        </a>
        <MobileMenu />
      </div>
    </header>
  );
}

import { useRef } from "react";
import { CloseIcon, MenuIcon } from "./icons";
import { financingLinks, headerLinksAfter, headerLinksBefore } from "~/config/navigation";
import { SiteNavLink } from "./site-nav-link";
import { SocialLinks } from "./social-links";
import { StoreInfo } from "./store-info";
import { useDismissibleDetails } from "./use-dismissible-details";

/**
 * The slide-out menu on small screens. It is a <details>: the summary is the
 * menu icon and, once open, the close icon; the dimmed backdrop is part of the
 * summary too, so a tap outside closes it even without JavaScript.
 */
export function MobileMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissibleDetails(ref);

  return (
    <details ref={ref} className="mobile-menu">
      <summary className="mobile-menu__toggle icon-button">
        <MenuIcon className="icon mobile-menu__open-icon" />
        <CloseIcon className="icon mobile-menu__close-icon" />
        <span className="visually-hidden mobile-menu__open-label">Open menu</span>
        <span className="visually-hidden mobile-menu__close-label">Close menu</span>
      </summary>
      <div className="mobile-menu__panel">
        <nav aria-label="Menu" className="mobile-nav">
          <ul>
            {headerLinksBefore.map((item) => (
              <li key={item.to}>
                <SiteNavLink item={item} className="mobile-nav__link" />
              </li>
            ))}
            <li>
              <p className="mobile-nav__group-title" id="mobile-financing-title">Financing Companies</p>
              <ul className="mobile-nav__group" aria-labelledby="mobile-financing-title">
                {financingLinks.map((item) => (
                  <li key={item.to}>
                    <SiteNavLink item={item} className="mobile-nav__link mobile-nav__link--sub" />
                  </li>
                ))}
              </ul>
            </li>
            {headerLinksAfter.map((item) => (
              <li key={item.to}>
                <SiteNavLink item={item} className="mobile-nav__link" />
              </li>
            ))}
          </ul>
        </nav>
        <StoreInfo />
        <SocialLinks className="social-links--menu" />
      </div>
    </details>
  );
}

import { useId, useRef } from "react";
import { useLocation } from "react-router";
import { ChevronDownIcon } from "./icons";
import { financingLinks, isFinancingPath } from "~/config/navigation";
import { SiteNavLink } from "./site-nav-link";
import { useDismissibleDetails } from "./use-dismissible-details";

/**
 * "Financing Companies" in the desktop bar. A <details> disclosure, so it opens
 * by click, Enter or Space with or without JavaScript; Tab walks its links.
 */
export function FinancingMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const listId = useId();
  useDismissibleDetails(ref);
  const { pathname } = useLocation();
  const active = isFinancingPath(pathname);

  return (
    <details ref={ref} className="nav-dropdown">
      <summary className={`main-nav__link nav-dropdown__toggle${active ? " active" : ""}`} aria-controls={listId}>
        Financing Companies
        <ChevronDownIcon className="icon nav-dropdown__chevron" />
      </summary>
      <ul id={listId} className="nav-dropdown__list">
        {financingLinks.map((item) => (
          <li key={item.to}>
            <SiteNavLink item={item} className="nav-dropdown__link" />
          </li>
        ))}
      </ul>
    </details>
  );
}

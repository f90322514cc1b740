import { NavLink } from "react-router";
import type { NavItem } from "~/config/navigation";

/**
 * A navigation link that marks the current page (aria-current="page", styled as
 * active; rendered on the server). Always a full page load, also from a hydrated
 * form page: content pages run no JavaScript (docs/decisions/070).
 */
export function SiteNavLink({ item, className }: { item: NavItem; className: string }) {
  return (
    <NavLink to={item.to} end={item.end} className={className} reloadDocument>
      {item.label}
    </NavLink>
  );
}

import { NavLink } from "react-router";
import type { NavItem } from "~/config/navigation";

/** A navigation link that marks the current page (aria-current="page", styled as active). */
export function SiteNavLink({ item, className }: { item: NavItem; className: string }) {
  return (
    <NavLink to={item.to} end={item.end} className={className}>
      {item.label}
    </NavLink>
  );
}

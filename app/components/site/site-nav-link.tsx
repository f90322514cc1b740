import { useLocation } from "react-router";
import { isCurrentPage, type NavItem } from "~/config/navigation";

/**
 * A navigation link that marks the current page (aria-current="page", styled as
 * active; rendered on the server). A plain anchor: every link between public
 * pages is a full page load, also from a hydrated form page, as content pages
 * run no JavaScript (docs/decisions/070).
 */
export function SiteNavLink({ item, className }: { item: NavItem; className: string }) {
  const current = isCurrentPage(useLocation().pathname, item);
  return (
    <a href={item.to} className={current ? `${className} active` : className} aria-current={current ? "page" : undefined}>
      {item.label}
    </a>
  );
}

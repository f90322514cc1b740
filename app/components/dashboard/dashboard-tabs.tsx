import { Link } from "react-router";
import { LISTS, STAFF_LISTS, type StaffList } from "~/core/staff-lists";
import { UnreadBadge } from "./unread-badge";

/**
 * Every staff list of the registry as a plain link, so reload, back, shared links and no-JS all keep the tab.
 * Navigation links, not ARIA tabs: each one loads a page.
 */
export function DashboardTabs({ active, unread }: { active: StaffList; unread: Record<StaffList, number> }) {
  return (
    <nav aria-label="Inboxes" className="inbox-tabs">
      <ul className="inbox-tabs__list">
        {STAFF_LISTS.map((list) => (
          <li key={list}>
            <Link to={LISTS[list].href} className="inbox-tabs__tab" aria-current={list === active ? "page" : undefined} data-testid={`tab-${list}`}>
              {LISTS[list].label}
              <UnreadBadge count={unread[list]} testId={`badge-${list}`} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

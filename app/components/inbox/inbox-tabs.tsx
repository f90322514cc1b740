import { Link } from "react-router";
import { INBOX_LABELS, INBOXES, tabHref, type Inbox } from "~/inbox/view";
import { UnreadBadge } from "./unread-badge";

/**
 * The three inboxes as plain links (?tab=…), so reload, back, shared links and
 * no-JS all keep the tab. Navigation links, not ARIA tabs: each one loads a page.
 */
export function InboxTabs({ active, unread }: { active: Inbox; unread: Record<Inbox, number> }) {
  return (
    <nav aria-label="Inboxes" className="inbox-tabs">
      <ul className="inbox-tabs__list">
        {INBOXES.map((inbox) => (
          <li key={inbox}>
            <Link
              to={tabHref(inbox)}
              className="inbox-tabs__tab"
              aria-current={inbox === active ? "page" : undefined}
              data-testid={`tab-${inbox}`}
            >
              {INBOX_LABELS[inbox].tab}
              <UnreadBadge count={unread[inbox]} testId={`badge-${inbox}`} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

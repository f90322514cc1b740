import { Link } from "react-router";
import { LEAD_KINDS, LEADS, type LeadKind } from "~/core/lead-kinds";
import { tabHref } from "~/inbox/view";
import { REPAIRS_PATH } from "~/repairs/view";
import { UnreadBadge } from "./unread-badge";

/**
 * The three inboxes and the Repairs tab as plain links (?tab=…), so reload, back, shared links and
 * no-JS all keep the tab. Navigation links, not ARIA tabs: each one loads a page.
 */
export function DashboardTabs({ active, unread }: { active: LeadKind | "repair"; unread: Record<LeadKind | "repair", number> }) {
  return (
    <nav aria-label="Inboxes" className="inbox-tabs">
      <ul className="inbox-tabs__list">
        {LEAD_KINDS.map((kind) => (
          <li key={kind}>
            <Link
              to={tabHref(kind)}
              className="inbox-tabs__tab"
              aria-current={kind === active ? "page" : undefined}
              data-testid={`tab-${LEADS[kind].inbox}`}
            >
              {LEADS[kind].labels.tab}
              <UnreadBadge count={unread[kind]} testId={`badge-${LEADS[kind].inbox}`} />
            </Link>
          </li>
        ))}
        {/* Repairs are logged by staff, not sent by visitors: their own tab (app/repairs/), beside the inboxes. */}
        <li>
          <Link to={REPAIRS_PATH} className="inbox-tabs__tab" aria-current={active === "repair" ? "page" : undefined} data-testid="tab-repairs">
            Repairs
            <UnreadBadge count={unread.repair} testId="badge-repairs" />
          </Link>
        </li>
      </ul>
    </nav>
  );
}

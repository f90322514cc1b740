import { useEffect, useRef } from "react";
import { store, storeAddressLine } from "~/config/store";
import { formatStoreDate } from "~/core/store-time";
import { isReadyStatus, REPAIR_STATUS_LABELS, type RepairStatus } from "~/core/repair-statuses";
import type { RepairForCustomer } from "~/repairs/customer-view";
import { EstimateAnswer, type EstimateNotice } from "./estimate-answer";

const STEPS: RepairStatus[] = ["received", "in_progress", "ready", "picked_up"];

/** The step of the progress line a status stands on: waiting for parts or approval is part of the work, either ready is ready. */
const STEP_OF: Partial<Record<RepairStatus, RepairStatus>> = { waiting_parts: "in_progress", waiting_approval: "in_progress", ready_unrepaired: "ready" };

const SAYS: Record<RepairStatus, string> = {
  received: "We have your piece and it is waiting for the bench.",
  in_progress: "Our jeweler is working on it now.",
  waiting_approval: "Our jeweler found work that needs your approval before we go ahead.",
  waiting_parts: "We are waiting for a part. We will keep you posted.",
  ready: "It is ready. Come and pick it up with your claim ticket.",
  ready_unrepaired: "You declined the estimate, so we have not repaired it. Come and pick it up with your claim ticket.",
  picked_up: "It has been picked up. Thank you!",
  cancelled: "This repair was cancelled. Please call us if you have questions.",
};

/**
 * A found repair as the customer sees it: status, item, work, promised date, an estimate sent for approval and,
 * when ready, the pickup hours. It takes focus and scrolls into view when it appears (on a phone it is below the
 * form): with JavaScript by the effect, without it by the heading's autofocus (which also scrolls it into view; a URL fragment would switch autofocus off).
 */
export function RepairStatusCard({
  repair,
  last4,
  notice,
}: {
  repair: RepairForCustomer;
  last4: string;
  notice: EstimateNotice | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: "start" });
  }, [repair, notice]);
  const reached = STEPS.indexOf(STEP_OF[repair.status] ?? repair.status);
  const step = (status: RepairStatus) => (STEP_OF[repair.status] === status ? REPAIR_STATUS_LABELS[repair.status] : REPAIR_STATUS_LABELS[status]);
  return (
    <section className="card repair-status" id="repair-result" aria-labelledby="repair-status-title" data-status={repair.status}>
      <p className="eyebrow">Repair {repair.ticket}</p>
      {/* autoFocus renders as the attribute, which focuses the result without JavaScript too. */}
      <h2 id="repair-status-title" tabIndex={-1} ref={heading} autoFocus>
        {REPAIR_STATUS_LABELS[repair.status]}
      </h2>
      <p className="repair-status__says">{SAYS[repair.status]}</p>
      {repair.status !== "cancelled" ? (
        <ol className="repair-steps" aria-label="Progress">
          {STEPS.map((status, index) => (
            <li key={status} className="repair-steps__step" data-done={index <= reached || undefined} aria-current={index === reached ? "step" : undefined}>
              {step(status)}
            </li>
          ))}
        </ol>
      ) : null}
      <dl className="repair-status__facts">
        <div>
          <dt>Item</dt>
          <dd>{repair.item}</dd>
        </div>
        <div>
          <dt>Work</dt>
          <dd>{repair.work}</dd>
        </div>
        <div>
          <dt>Promised for</dt>
          <dd>{formatStoreDate(repair.promisedDate)}</dd>
        </div>
      </dl>
      {repair.estimate ? (
        <EstimateAnswer estimate={repair.estimate} ticket={repair.ticket} last4={last4} notice={notice} />
      ) : notice ? (
        <p className={`repair-estimate__notice repair-estimate__notice--${notice.tone}`} role="alert">
          {notice.text}
        </p>
      ) : null}
      {isReadyStatus(repair.status) ? (
        <div className="repair-status__pickup">
          <h3>Pickup hours</h3>
          <ul>
            {store.hours.map((entry) => (
              <li key={entry.label}>{entry.label}</li>
            ))}
          </ul>
          <p>
            {store.name}, {storeAddressLine}
          </p>
        </div>
      ) : null}
    </section>
  );
}

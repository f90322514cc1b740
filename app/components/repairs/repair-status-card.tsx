import { store, storeAddressLine } from "~/config/store";
import { formatStoreDate } from "~/core/store-time";
import { REPAIR_STATUS_LABELS, type RepairStatus } from "~/core/repair-statuses";

interface CustomerRepair {
  ticket: string;
  status: RepairStatus;
  item: string;
  work: string;
  promisedDate: string;
}

const STEPS: RepairStatus[] = ["received", "in_progress", "ready", "picked_up"];

const SAYS: Record<RepairStatus, string> = {
  received: "We have your piece and it is waiting for the bench.",
  in_progress: "Our jeweler is working on it now.",
  waiting_parts: "We are waiting for a part. We will keep you posted.",
  ready: "It is ready. Come and pick it up with your claim ticket.",
  picked_up: "It has been picked up. Thank you!",
  cancelled: "This repair was cancelled. Please call us if you have questions.",
};

/** A found repair as the customer sees it: status, item, work, promised date and, when ready, the pickup hours. */
export function RepairStatusCard({ repair }: { repair: CustomerRepair }) {
  const reached = STEPS.indexOf(repair.status === "waiting_parts" ? "in_progress" : repair.status);
  return (
    <section className="card repair-status" aria-labelledby="repair-status-title" data-status={repair.status}>
      <p className="eyebrow">Repair {repair.ticket}</p>
      <h2 id="repair-status-title" tabIndex={-1}>
        {REPAIR_STATUS_LABELS[repair.status]}
      </h2>
      <p className="repair-status__says">{SAYS[repair.status]}</p>
      {repair.status !== "cancelled" ? (
        <ol className="repair-steps" aria-label="Progress">
          {STEPS.map((step, index) => (
            <li key={step} className="repair-steps__step" data-done={index <= reached || undefined} aria-current={index === reached ? "step" : undefined}>
              {step === "in_progress" && repair.status === "waiting_parts" ? REPAIR_STATUS_LABELS.waiting_parts : REPAIR_STATUS_LABELS[step]}
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
      {repair.status === "ready" ? (
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

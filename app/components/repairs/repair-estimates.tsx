/** An estimate as the repair's page lists it. */
export interface ShownEstimate {
  id: number;
  amount: string;
  description: string;
  askedBy: string;
  askedAt: string;
  /** "Approved by the customer on … from 203.0.113.9", "Waiting for the customer", "Withdrawn …". */
  outcome: string;
  decision: "approved" | "declined" | "withdrawn" | null;
}

/**
 * The estimates sent for approval and what became of each (decision 141), under the repair's history. The
 * customer's answer is a status change in the history too; this adds the amount, the words and the address.
 */
export function RepairEstimates({ estimates }: { estimates: ShownEstimate[] }) {
  if (estimates.length === 0) return null;
  return (
    <>
      <h3 className="record__subtitle">Estimates sent for approval</h3>
      <ul className="repair-history" data-testid="repair-estimates">
        {estimates.map((estimate) => (
          <li key={estimate.id} data-decision={estimate.decision ?? "waiting"}>
            <strong>{estimate.amount}</strong> · asked {estimate.askedAt} · {estimate.askedBy}
            <br />
            <span className="muted">{estimate.description}</span>
            <br />
            <strong>{estimate.outcome}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

import { formatStoreDateTime } from "~/core/store-time";
import type { RepairStatus } from "~/core/repair-statuses";

// How a repair's page words an estimate's outcome and the hand-over (plain, so a unit test reads it).

interface Decided {
  decision: "approved" | "declined" | "withdrawn" | null;
  decidedAt: Date | null;
  decidedIp: string | null;
}

/** "Approved by the customer on Jan 5, 2027, 3:10 PM from 203.0.113.9"; "Waiting for the customer"; "Withdrawn …". */
export function estimateOutcome(estimate: Decided): string {
  if (estimate.decision === null || !estimate.decidedAt) return "Waiting for the customer's answer";
  const at = formatStoreDateTime(estimate.decidedAt.getTime());
  if (estimate.decision === "withdrawn") return `Withdrawn ${at} (the repair moved on before the customer answered)`;
  return `${estimate.decision === "approved" ? "Approved" : "Declined"} by the customer on /repair, ${at}, from ${estimate.decidedIp ?? "an unknown address"}`;
}

/** Who handed a picked-up repair over and when: the history line that set it Picked up. */
export function handedOver(repair: { status: RepairStatus }, history: readonly { status: RepairStatus; actorEmail: string; createdAt: Date }[]): string | null {
  if (repair.status !== "picked_up") return null;
  const line = history.findLast((event) => event.status === "picked_up");
  return line ? `By ${line.actorEmail}, ${formatStoreDateTime(line.createdAt.getTime())}` : null;
}

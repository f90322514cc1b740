import type { ShownEstimate } from "./repair-estimates";

/**
 * The repair's estimate in its details. A declined estimate leaves the repair without one (decision 143): the
 * field then says so and names the amount declined, so it never reads as an amount the customer agreed to.
 */
export function EstimateDetail({ amount, estimates }: { amount: string; estimates: readonly ShownEstimate[] }) {
  if (amount) return <>{amount}</>;
  const newest = estimates[0];
  if (newest?.decision === "declined") return <>{`None: the customer declined ${newest.amount}`}</>;
  return <>–</>;
}

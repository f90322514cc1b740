import type { RepairStatus } from "~/core/repair-statuses";

// What /repair shows a customer who gave the right ticket and digits (app/repairs/lookup.server.ts reads it),
// as plain types the page's components share with the server.

/** An estimate as the customer sees it: waiting for their answer, or answered (decision 141). */
export interface EstimateForCustomer {
  id: number;
  amount: string;
  description: string;
  decision: "approved" | "declined" | null;
  /** When they answered, as the store's clock reads it. */
  decidedAt: string | null;
}

/** What the customer sees: never the name, the phone or the notes; the estimate only once one was sent for approval. */
export interface RepairForCustomer {
  ticket: string;
  status: RepairStatus;
  item: string;
  work: string;
  promisedDate: string;
  estimate: EstimateForCustomer | null;
}


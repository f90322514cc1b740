// A lead's statuses and the words staff read for them. Plain data: the schema, the
// inbox, its forms and the audit trail's sentences read the same list.
import { isOneOf } from "./one-of";

export const LEAD_STATUSES = ["new", "contacted", "done", "spam", "no_show", "cancelled", "rescheduled"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  done: "Done",
  no_show: "No-show",
  spam: "Spam",
  cancelled: "Cancelled",
  rescheduled: "Rescheduled",
};

export function isLeadStatus(value: unknown): value is LeadStatus {
  return isOneOf(LEAD_STATUSES, value);
}

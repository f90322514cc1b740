// A repair's statuses, in the order a repair moves through them. Plain data:
// the schema, the staff pages and the customer's page read the same list.
import { isOneOf } from "./one-of";

export const REPAIR_STATUSES = [
  "received",
  "in_progress",
  "waiting_approval",
  "waiting_parts",
  "ready",
  "ready_unrepaired",
  "picked_up",
  "cancelled",
] as const;
export type RepairStatus = (typeof REPAIR_STATUSES)[number];

export const REPAIR_STATUS_LABELS: Record<RepairStatus, string> = {
  received: "Received",
  in_progress: "In progress",
  waiting_parts: "Waiting for parts",
  waiting_approval: "Waiting for approval",
  ready: "Ready for pickup",
  ready_unrepaired: "Ready for pickup, not repaired",
  picked_up: "Picked up",
  cancelled: "Cancelled",
};

/** A repair in one of these is finished: retention counts from when it got there. */
export const CLOSED_REPAIR_STATUSES: readonly RepairStatus[] = ["picked_up", "cancelled"];

/** Waiting for the customer: ready (repaired or, after a declined estimate, not), so the ready message goes and the pickup clock runs. */
export const READY_STATUSES: readonly RepairStatus[] = ["ready", "ready_unrepaired"];

export function isReadyStatus(status: RepairStatus): boolean {
  return READY_STATUSES.includes(status);
}

/** Not picked up this long after it was set ready: the staff list marks it overdue. */
export const OVERDUE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

export function isRepairStatus(value: unknown): value is RepairStatus {
  return isOneOf(REPAIR_STATUSES, value);
}

/** Whether a ready repair has waited past the pickup window (the staff list, a repair's page, the export). */
export function isOverdue(repair: { status: RepairStatus; readyAt: Date | number | null }, now: number): boolean {
  if (!isReadyStatus(repair.status) || repair.readyAt === null) return false;
  return now - new Date(repair.readyAt).getTime() >= OVERDUE_AFTER_MS;
}

// The one message the dashboard room sends: a new record landed in an inbox.
// Dashboards re-run their loader on it, so what they show is always what the
// server would render (rows, unread badges) without duplicating that logic here.

export const INBOXES = ["appointments", "orders", "contacts"] as const;
export type Inbox = (typeof INBOXES)[number];

export interface LeadCreatedEvent {
  type: "lead-created";
  inbox: Inbox;
  id: number;
  /** epoch ms of the record's createdAt */
  createdAt: number;
}

export const DASHBOARD_PARTY = "dashboard-room";
/** The room closes a socket with this code when its session was revoked or has expired. */
export const SIGNED_OUT_CLOSE_CODE = 4001;
export const DASHBOARD_ROOM_NAME = "staff";

export function parseLiveEvent(data: unknown): LeadCreatedEvent | null {
  if (typeof data !== "string") return null;
  try {
    const event = JSON.parse(data) as Partial<LeadCreatedEvent>;
    if (event.type === "lead-created" && INBOXES.includes(event.inbox as Inbox) && typeof event.id === "number") {
      return event as LeadCreatedEvent;
    }
  } catch {
    // not one of ours
  }
  return null;
}

import { REPAIRS_INBOX } from "~/core/dashboard-links";
import { kindOfInbox, LEADS, type LeadKind } from "~/core/lead-kinds";

// The messages the dashboard room sends: a new record landed in an inbox, or a
// record changed after it arrived (a visitor cancelled or moved an appointment,
// a text came in). Dashboards re-run their loader on either, so what they show
// is always what the server would render (rows, unread badges, a record's
// history) without duplicating that logic here.

/** On the wire the kind travels as its inbox address ("contacts"), like every staff URL. */
export interface LeadCreatedEvent {
  type: "lead-created";
  inbox: string;
  id: number;
  /** epoch ms of the record's createdAt */
  createdAt: number;
}

export interface LeadUpdatedEvent {
  type: "lead-updated";
  inbox: string;
  id: number;
}

export type LiveEvent = LeadCreatedEvent | LeadUpdatedEvent;

export const DASHBOARD_PARTY = "dashboard-room";
export const DASHBOARD_ROOM_NAME = "staff";
/** The room closes a socket with this code when its session was revoked or has expired. */
export const SIGNED_OUT_CLOSE_CODE = 4001;
/**
 * Sent just before that close: a proxy in between (the local server's) may not
 * pass a server's close frame on, but it passes messages, so the dashboard
 * learns it was signed out either way.
 */
export const SIGNED_OUT_MESSAGE = JSON.stringify({ type: "signed-out" });

export function leadCreated(kind: LeadKind, lead: { id: number; createdAt: Date }): LeadCreatedEvent {
  return { type: "lead-created", inbox: LEADS[kind].inbox, id: lead.id, createdAt: lead.createdAt.getTime() };
}

export function leadUpdated(kind: LeadKind, id: number): LeadUpdatedEvent {
  return { type: "lead-updated", inbox: LEADS[kind].inbox, id };
}

export function parseLiveEvent(data: unknown): { type: LiveEvent["type"]; kind: LeadKind; id: number } | null {
  if (typeof data !== "string") return null;
  try {
    const event = JSON.parse(data) as Partial<LiveEvent>;
    const kind = kindOfInbox(event.inbox);
    if ((event.type === "lead-created" || event.type === "lead-updated") && kind && typeof event.id === "number") {
      return { type: event.type, kind, id: event.id };
    }
  } catch {
    // not one of ours
  }
  return null;
}

// Repairs (app/repairs/) travel as the same two events with the inbox REPAIRS_INBOX; parseLiveEvent leaves them out.

export function repairCreated(repair: { id: number; createdAt: Date }): LeadCreatedEvent {
  return { type: "lead-created", inbox: REPAIRS_INBOX, id: repair.id, createdAt: repair.createdAt.getTime() };
}

export function repairUpdated(id: number): LeadUpdatedEvent {
  return { type: "lead-updated", inbox: REPAIRS_INBOX, id };
}

export function parseRepairEvent(data: unknown): { type: LiveEvent["type"]; id: number } | null {
  if (typeof data !== "string") return null;
  try {
    const event = JSON.parse(data) as Partial<LiveEvent>;
    if ((event.type === "lead-created" || event.type === "lead-updated") && event.inbox === REPAIRS_INBOX && typeof event.id === "number") {
      return { type: event.type, id: event.id };
    }
  } catch {
    // not one of ours
  }
  return null;
}

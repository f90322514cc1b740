// The dashboard room's wire protocol: every message the room sends, the room's
// address, and the header the Worker hands it. The room (room.ts), its
// server-side client (client.server.ts), the browser's socket
// (socket.client.ts) and the Worker's routing all read this one module.
//
// A record landed in a staff list, or a record changed after it arrived (a
// visitor cancelled or moved an appointment, a text came in, a colleague saved a
// repair). Dashboards re-run their loader on either, so what they show is always
// what the server would render (rows, unread badges, a record's history).
import { staffListNamed, type StaffList } from "../app/core/staff-lists";

export interface RecordCreated {
  type: "record-created";
  list: StaffList;
  id: number;
  /** epoch ms of the record's createdAt */
  createdAt: number;
}

export interface RecordUpdated {
  type: "record-updated";
  list: StaffList;
  id: number;
}

/** Sent just before the room closes a socket whose session was revoked or has expired (see SIGNED_OUT_CLOSE_CODE). */
export interface SignedOut {
  type: "signed-out";
}

/** Every message the room sends. */
export type RoomMessage = RecordCreated | RecordUpdated | SignedOut;
export type RecordEvent = RecordCreated | RecordUpdated;

export const DASHBOARD_PARTY = "dashboard-room";
export const DASHBOARD_ROOM_NAME = "staff";
/** Where the browser connects: the one room of the one party. */
export const ROOM_PATH = `/parties/${DASHBOARD_PARTY}/${DASHBOARD_ROOM_NAME}`;
/**
 * The room closes a socket with this code when its session was revoked or has
 * expired, just after sending SignedOut: a proxy in between (the local
 * server's) may not pass a server's close frame on, but it passes messages, so
 * the dashboard learns it was signed out either way.
 */
export const SIGNED_OUT_CLOSE_CODE = 4001;

export function recordCreated(list: StaffList, record: { id: number; createdAt: Date }): RecordCreated {
  return { type: "record-created", list, id: record.id, createdAt: record.createdAt.getTime() };
}

export function recordUpdated(list: StaffList, id: number): RecordUpdated {
  return { type: "record-updated", list, id };
}

export const SIGNED_OUT: SignedOut = { type: "signed-out" };

/** A message as the browser receives it (text), or null when it is not one of the room's. */
export function parseRoomMessage(data: unknown): RoomMessage | null {
  if (typeof data !== "string") return null;
  let message: { type?: unknown; list?: unknown; id?: unknown; createdAt?: unknown } | null;
  try {
    message = JSON.parse(data) as typeof message;
  } catch {
    return null;
  }
  if (!message || typeof message !== "object") return null;
  if (message.type === "signed-out") return SIGNED_OUT;
  const list = staffListNamed(message.list);
  if (!list || typeof message.id !== "number" || !Number.isSafeInteger(message.id)) return null;
  if (message.type === "record-updated") return recordUpdated(list, message.id);
  if (message.type === "record-created" && typeof message.createdAt === "number") return { type: message.type, list, id: message.id, createdAt: message.createdAt };
  return null;
}

/**
 * The Worker sets this header on the upgrade request after it has verified the
 * staff cookie (workers/app.ts); it overwrites anything a browser sent, and the
 * room is reachable only through the Worker.
 */
export const STAFF_SESSION_HEADER = "X-Verified-Staff-Session";

/** Whose session opened a socket, and until when it may listen. */
export interface StaffSession {
  userId: number;
  /** epoch ms */
  expiresAt: number;
  /** sessions.id */
  sessionId: string;
}

export function staffSessionHeader(session: StaffSession): string {
  return `${session.userId}:${session.expiresAt}:${session.sessionId}`;
}

export function readStaffSession(request: Request): StaffSession | null {
  const match = /^(\d{1,15}):(\d{1,15}):([A-Za-z0-9_-]{1,64})$/.exec(request.headers.get(STAFF_SESSION_HEADER) ?? "");
  return match ? { userId: Number(match[1]), expiresAt: Number(match[2]), sessionId: match[3]! } : null;
}

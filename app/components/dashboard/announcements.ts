import { LISTS, type StaffList } from "~/core/staff-lists";
import type { RoomMessage } from "../../../party/socket.client";

// When an open staff list reloads for a room message, and what its polite live region says then. One rule for
// every list, read from the registry (app/core/staff-lists.ts): every list page shows every tab's unread badge, so
// a record created in any list reloads it; a change reloads only the list the record is in, where it shows.

/** One thing the live region says; `id` grows with each, so saying the same words again is a new announcement. */
export interface Announcement {
  text: string;
  id: number;
}

/** What the list `shown` says of a room message, or null when the message does not reload it. */
export function listAnnouncement(message: RoomMessage | null, shown: StaffList): string | null {
  if (!message || message.type === "signed-out") return null;
  if (message.type === "record-created") return LISTS[message.list].announce.created;
  return message.list === shown ? LISTS[message.list].announce.updated : null;
}

/** Whether a room message is a change to this record, whose open page then reloads. */
export function isChangeTo(message: RoomMessage | null, list: StaffList, id: number): boolean {
  return message?.type === "record-updated" && message.list === list && message.id === id;
}

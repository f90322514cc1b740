import { LEADS, type LeadKind } from "~/core/lead-kinds";
import { parseLiveEvent, parseRepairEvent } from "~/live/events";

// What a staff list's polite live region says of a room event. Every list page (an inbox, the Repairs tab) shows
// every tab's unread badge, so each one reloads for a new record on any tab, and says so in the same words.

/** One thing the live region says; `id` grows with each, so saying the same words again is a new announcement. */
export interface Announcement {
  text: string;
  id: number;
}

export const NEW_REPAIR_ANNOUNCEMENT = "New repair logged.";
export const REPAIR_UPDATED_ANNOUNCEMENT = "Repair updated.";

export function newLeadAnnouncement(kind: LeadKind): string {
  return `New ${LEADS[kind].labels.one} received.`;
}

export function leadUpdatedAnnouncement(kind: LeadKind): string {
  const one = LEADS[kind].labels.one;
  return `${one[0]!.toUpperCase()}${one.slice(1)} updated.`;
}

/**
 * A new record on the other list's tabs (a repair, seen from an inbox; a lead, seen from the Repairs tab): its badge
 * changed, so this list reloads and says so. Null for any other message, including a change to such a record, which
 * changes no badge.
 */
export function newRecordElsewhere(message: unknown, here: "inbox" | "repairs"): string | null {
  if (here === "inbox") return parseRepairEvent(message)?.type === "lead-created" ? NEW_REPAIR_ANNOUNCEMENT : null;
  const lead = parseLiveEvent(message);
  return lead?.type === "lead-created" ? newLeadAnnouncement(lead.kind) : null;
}

import { LEADS, type LeadKind } from "~/core/lead-kinds";

// What a staff list's polite live region says of a room event. Every list page
// (an inbox, the Repairs tab) shows every tab's unread badge, so each one reloads
// for what arrives on any tab, and says so in the same words.

export const NEW_REPAIR_ANNOUNCEMENT = "New repair logged.";

export function newLeadAnnouncement(kind: LeadKind): string {
  const one = LEADS[kind].labels.one;
  return `New ${one} received.`;
}

export function leadUpdatedAnnouncement(kind: LeadKind): string {
  const one = LEADS[kind].labels.one;
  return `${one[0]!.toUpperCase()}${one.slice(1)} updated.`;
}

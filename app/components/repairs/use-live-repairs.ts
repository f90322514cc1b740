import { parseLiveEvent, parseRepairEvent } from "~/live/events";
import { NEW_REPAIR_ANNOUNCEMENT, newLeadAnnouncement } from "~/components/dashboard/announcements";
import { useLiveList, type LiveListData } from "~/components/dashboard/use-live-list";
import { useLivePage } from "~/components/dashboard/use-live-page";
import { REPAIRS_PATH } from "~/repairs/view";

/**
 * Keeps an open Repairs tab current: a repair logged or changed anywhere reloads the same view (useLiveList), and
 * so does a new appointment, order or message, for its inbox's badge.
 */
export function useLiveRepairs<T extends LiveListData>(loaderData: T) {
  return useLiveList(loaderData, REPAIRS_PATH, (message) => {
    const lead = parseLiveEvent(message);
    // A changed appointment, order or message changes nothing the Repairs tab shows.
    if (lead) return lead.type === "lead-created" ? newLeadAnnouncement(lead.kind) : null;
    const event = parseRepairEvent(message);
    if (!event) return null;
    return event.type === "lead-created" ? NEW_REPAIR_ANNOUNCEMENT : "Repair updated.";
  });
}

/** Keeps an open repair page current: a change to this repair from elsewhere reloads it. */
export function useLiveRepair(id: number) {
  useLivePage((message) => {
    const event = parseRepairEvent(message);
    return event?.type === "lead-updated" && event.id === id;
  });
}

import { parseRepairEvent } from "~/live/events";
import { NEW_REPAIR_ANNOUNCEMENT, newRecordElsewhere, REPAIR_UPDATED_ANNOUNCEMENT } from "~/components/dashboard/announcements";
import { useLiveList, type LiveListData } from "~/components/dashboard/use-live-list";
import { useLivePage } from "~/components/dashboard/use-live-page";
import { REPAIRS_PATH } from "~/repairs/view";

/**
 * Keeps an open Repairs tab current: a repair logged or changed anywhere reloads the same view (useLiveList), and
 * so does a new appointment, order or message, for its inbox's badge.
 */
export function useLiveRepairs<T extends LiveListData>(loaderData: T) {
  return useLiveList(loaderData, REPAIRS_PATH, (message) => {
    const elsewhere = newRecordElsewhere(message, "repairs");
    if (elsewhere) return elsewhere;
    const event = parseRepairEvent(message);
    if (!event) return null;
    return event.type === "lead-created" ? NEW_REPAIR_ANNOUNCEMENT : REPAIR_UPDATED_ANNOUNCEMENT;
  });
}

/** Keeps an open repair page current: a change to this repair from elsewhere reloads it. */
export function useLiveRepair(id: number) {
  useLivePage((message) => {
    const event = parseRepairEvent(message);
    return event?.type === "lead-updated" && event.id === id;
  });
}

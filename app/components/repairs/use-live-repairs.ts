import { parseRepairEvent } from "~/live/events";
import { useLiveList, type LiveListData } from "~/components/dashboard/use-live-list";
import { useLivePage } from "~/components/dashboard/use-live-page";
import { REPAIRS_PATH } from "~/repairs/view";

/** Keeps an open Repairs tab current: a repair logged or changed anywhere reloads the same view (useLiveList). */
export function useLiveRepairs<T extends LiveListData>(loaderData: T) {
  return useLiveList(loaderData, REPAIRS_PATH, (message) => {
    const event = parseRepairEvent(message);
    if (!event) return null;
    return event.type === "lead-created" ? "New repair logged." : "Repair updated.";
  });
}

/** Keeps an open repair page current: a change to this repair from elsewhere reloads it. */
export function useLiveRepair(id: number) {
  useLivePage((message) => {
    const event = parseRepairEvent(message);
    return event?.type === "lead-updated" && event.id === id;
  });
}

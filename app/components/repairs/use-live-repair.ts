import { isChangeTo } from "~/components/dashboard/announcements";
import { useLivePage } from "~/components/dashboard/use-live-page";

/** Keeps an open repair page current: a change to this repair from elsewhere reloads it. */
export function useLiveRepair(id: number) {
  useLivePage((message) => isChangeTo(message, "repairs", id));
}

import { parseLiveEvent } from "~/live/events";
import { useLivePage } from "~/components/dashboard/use-live-page";
import type { LeadKind } from "~/core/lead-kinds";

/** Keeps an open record page current: a change to this lead from elsewhere (a visitor, a text) reloads it. */
export function useLiveRecord(kind: LeadKind, id: number) {
  useLivePage((message) => {
    const event = parseLiveEvent(message);
    return event?.type === "lead-updated" && event.kind === kind && event.id === id;
  });
}

import { isChangeTo } from "~/components/dashboard/announcements";
import { useLivePage } from "~/components/dashboard/use-live-page";
import { LEADS, type LeadKind } from "~/core/lead-kinds";

/** Keeps an open record page current: a change to this lead from elsewhere (a visitor, a text) reloads it. */
export function useLiveRecord(kind: LeadKind, id: number) {
  useLivePage((message) => isChangeTo(message, LEADS[kind].list, id));
}

import { useState } from "react";
import { useLiveList } from "~/components/dashboard/use-live-list";
import { LEADS, type LeadKind } from "~/core/lead-kinds";
import type { InboxRow } from "~/inbox/types";

/** What the inbox loader returns; the live refresh asks the same loader for the same view. */
export interface LiveInboxData {
  viewKey: string;
  unreadAfter: number;
  loadedAt: number;
  rows: InboxRow[];
  view: { kind: LeadKind };
}

/**
 * Keeps an open inbox current (useLiveList), and remembers which rows arrived in it while it was open, to mark
 * them "Just in".
 */
export function useLiveInbox<T extends LiveInboxData>(loaderData: T) {
  // Ids that arrived live, remembered per page load (a new navigation starts afresh).
  const [arrived, setArrived] = useState<{ since: number; ids: number[] }>({ since: 0, ids: [] });
  const list = LEADS[loaderData.view.kind].list;
  const live = useLiveList(loaderData, list, (message) => {
    // The live copy is only ever of the loader's view (useLiveList), so the loader's list is the one on screen.
    if (message.type !== "record-created" || message.list !== list) return;
    const since = loaderData.loadedAt;
    setArrived((previous) => ({ since, ids: previous.since === since ? [...previous.ids, message.id] : [message.id] }));
  });

  const justArrived = new Set(arrived.since === loaderData.loadedAt ? arrived.ids : []);
  return { ...live, justArrived };
}

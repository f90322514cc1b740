import { useState } from "react";
import { parseLiveEvent } from "~/live/events";
import { leadUpdatedAnnouncement, newLeadAnnouncement, newRecordElsewhere } from "~/components/dashboard/announcements";
import { useLiveList } from "~/components/dashboard/use-live-list";
import type { LeadKind } from "~/core/lead-kinds";
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
 * Keeps an open inbox current (useLiveList: a new lead, or a change to one, such as a visitor's cancellation or
 * reschedule or a text, reloads the same view), and remembers which rows arrived while it was open, to mark them
 * "Just in". A repair logged at a counter reloads it too, for the Repairs tab's badge.
 */
export function useLiveInbox<T extends LiveInboxData>(loaderData: T) {
  // Ids that arrived live, remembered per page load (a new navigation starts afresh).
  const [arrived, setArrived] = useState<{ since: number; ids: number[] }>({ since: 0, ids: [] });
  const live = useLiveList(loaderData, "/dashboard", (message) => {
    const elsewhere = newRecordElsewhere(message, "inbox");
    if (elsewhere) return elsewhere;
    const event = parseLiveEvent(message);
    if (!event) return null;
    // A visitor cancelled or moved an appointment, or a text came in: the row shows it after the refresh.
    if (event.type === "lead-updated") return leadUpdatedAnnouncement(event.kind);
    // The live copy is only ever of the loader's view (useLiveList), so the loader's kind is the one on screen.
    if (event.kind === loaderData.view.kind) {
      const since = loaderData.loadedAt;
      setArrived((previous) => ({ since, ids: previous.since === since ? [...previous.ids, event.id] : [event.id] }));
    }
    return newLeadAnnouncement(event.kind);
  });

  const justArrived = new Set(arrived.since === loaderData.loadedAt ? arrived.ids : []);
  return { ...live, justArrived };
}

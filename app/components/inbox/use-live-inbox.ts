import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { parseLiveEvent } from "~/live/events";
import { useRoomConnection } from "./use-room-connection";
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


/** Several leads at once (or a reconnect right after an event) cost one refresh. */
const REFRESH_DELAY_MS = 150;

/**
 * Keeps an open inbox current. On each live event (a new lead, or a change to
 * one: a visitor's cancellation or reschedule, a text), and after a lost connection
 * comes back, it reloads the same view through a fetcher with `live=1`: the
 * server renders rows and badges as always, but does not mark anything as
 * seen, so new rows arrive unread and the badge goes up. (A plain revalidation
 * could not be told apart from opening the tab.) See docs/decisions/030.
 */
export function useLiveInbox<T extends LiveInboxData>(loaderData: T) {
  const fetcher = useFetcher<T>({ key: "inbox-live" });
  const fresh = fetcher.data;
  // The fetcher's copy counts only while it is newer than the loader's and for the same view.
  const data = fresh && fresh.viewKey === loaderData.viewKey && fresh.loadedAt >= loaderData.loadedAt ? fresh : loaderData;

  const [announcement, setAnnouncement] = useState("");
  // Ids that arrived live, remembered per page load (a new navigation starts afresh).
  const [arrived, setArrived] = useState<{ since: number; ids: number[] }>({ since: 0, ids: [] });

  const latest = useRef({ data, loaderLoadedAt: loaderData.loadedAt, load: fetcher.load });
  useEffect(() => {
    latest.current = { data, loaderLoadedAt: loaderData.loadedAt, load: fetcher.load };
  });

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const { data: current, load } = latest.current;
      void load(`/dashboard?${current.viewKey}&live=1&unreadAfter=${current.unreadAfter}`);
    }, REFRESH_DELAY_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const state = useRoomConnection(refresh, (data) => {
    const event = parseLiveEvent(data);
    if (!event) return;
    if (event.type === "lead-updated") {
      // A visitor cancelled or moved an appointment, or a text came in: the row shows it after the refresh.
      setAnnouncement(`${LEADS[event.kind].labels.one[0]!.toUpperCase()}${LEADS[event.kind].labels.one.slice(1)} updated.`);
      refresh();
      return;
    }
    const { data: current, loaderLoadedAt } = latest.current;
    if (event.kind === current.view.kind) {
      setArrived((previous) => ({
        since: loaderLoadedAt,
        ids: previous.since === loaderLoadedAt ? [...previous.ids, event.id] : [event.id],
      }));
    }
    setAnnouncement(`New ${LEADS[event.kind].labels.one} received.`);
    refresh();
  });

  const justArrived = new Set(arrived.since === loaderData.loadedAt ? arrived.ids : []);
  return { data, state, announcement, justArrived };
}

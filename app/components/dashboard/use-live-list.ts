import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { liveRefreshHref } from "~/dashboard/live-refresh";
import { LISTS, type StaffList } from "~/core/staff-lists";
import type { RoomMessage } from "../../../party/socket.client";
import { listAnnouncement, type Announcement } from "./announcements";
import { useRoomConnection } from "./use-room-connection";

/** What a staff list's loader returns that its live refresh needs: the view, where unread starts, when it loaded. */
export interface LiveListData {
  viewKey: string;
  unreadAfter: number;
  loadedAt: number;
}

/** Several events at once (or a reconnect right after an event) cost one refresh. */
const REFRESH_DELAY_MS = 150;

/**
 * Keeps an open staff list current (any list of the registry). On each room event that reloads it
 * (listAnnouncement), and after a lost connection comes back, it reloads the same view from the list's page
 * through a fetcher with `live=1`: the server renders rows and badges as always, but marks nothing as seen, so new
 * rows arrive unread and the badge goes up. (A plain revalidation could not be told apart from opening the tab.)
 * See docs/decisions/030. `onAnnounced` hears each event the list said.
 */
export function useLiveList<T extends LiveListData>(loaderData: T, list: StaffList, onAnnounced?: (message: RoomMessage) => void) {
  const path = LISTS[list].page;
  const fetcher = useFetcher<T>({ key: `live ${path}` });
  const fresh = fetcher.data;
  // The fetcher's copy counts only while it is newer than the loader's and for the same view.
  const data = fresh && fresh.viewKey === loaderData.viewKey && fresh.loadedAt >= loaderData.loadedAt ? fresh : loaderData;
  const [announcement, setAnnouncement] = useState<Announcement>({ text: "", id: 0 });

  const latest = useRef({ data, load: fetcher.load });
  useEffect(() => {
    latest.current = { data, load: fetcher.load };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const { data: current, load } = latest.current;
      void load(liveRefreshHref(path, current.viewKey, current.unreadAfter));
    }, REFRESH_DELAY_MS);
  }, [path]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const state = useRoomConnection(refresh, (message) => {
    const words = listAnnouncement(message, list);
    if (words === null) return;
    onAnnounced?.(message);
    setAnnouncement((previous) => ({ text: words, id: previous.id + 1 }));
    refresh();
  });
  return { data, state, announcement };
}

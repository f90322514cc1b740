import usePartySocket from "partysocket/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { DASHBOARD_PARTY, DASHBOARD_ROOM_NAME, parseRepairEvent, SIGNED_OUT_CLOSE_CODE } from "~/live/events";
import { useRoomConnection } from "~/components/inbox/use-room-connection";
import { REPAIRS_PATH } from "~/repairs/view";

interface LiveRepairsData {
  viewKey: string;
  unreadAfter: number;
  loadedAt: number;
}

const REFRESH_DELAY_MS = 150;

/**
 * Keeps an open Repairs tab current, as useLiveInbox does for the inboxes
 * (docs/decisions/030): a repair logged or changed anywhere reloads the same view
 * with `live=1`, which marks nothing as seen, so new rows arrive unread.
 */
export function useLiveRepairs<T extends LiveRepairsData>(loaderData: T) {
  const fetcher = useFetcher<T>({ key: "repairs-live" });
  const fresh = fetcher.data;
  const data = fresh && fresh.viewKey === loaderData.viewKey && fresh.loadedAt >= loaderData.loadedAt ? fresh : loaderData;
  const [announcement, setAnnouncement] = useState("");

  const latest = useRef({ data, load: fetcher.load });
  useEffect(() => {
    latest.current = { data, load: fetcher.load };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const { data: current, load } = latest.current;
      const search = current.viewKey ? `${current.viewKey}&` : "";
      void load(`${REPAIRS_PATH}?${search}live=1&unreadAfter=${current.unreadAfter}`);
    }, REFRESH_DELAY_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const state = useRoomConnection(refresh, (data) => {
    const event = parseRepairEvent(data);
    if (!event) return;
    setAnnouncement(event.type === "lead-created" ? "New repair logged." : "Repair updated.");
    refresh();
  });
  return { data, state, announcement };
}

/** Keeps an open repair page current: a change to this repair from elsewhere reloads it. */
export function useLiveRepair(id: number) {
  const revalidator = useRevalidator();
  usePartySocket({
    party: DASHBOARD_PARTY,
    room: DASHBOARD_ROOM_NAME,
    onClose(event) {
      if (event.code === SIGNED_OUT_CLOSE_CODE) void revalidator.revalidate();
    },
    onMessage(message) {
      const event = parseRepairEvent(message.data);
      if (event?.type === "lead-updated" && event.id === id) void revalidator.revalidate();
    },
  });
}

import usePartySocket from "partysocket/react";
import { useRevalidator } from "react-router";
import { DASHBOARD_PARTY, DASHBOARD_ROOM_NAME, parseLiveEvent, SIGNED_OUT_CLOSE_CODE } from "~/live/events";
import type { LeadKind } from "~/core/lead-kinds";

/**
 * Keeps an open record page current: when the room reports a change to this
 * record (a visitor cancelled or moved it, a text came in or went out), the
 * page reloads its data, so the status and the history are what the server
 * would render now. Reading a record marks nothing as seen, so this is safe.
 */
export function useLiveRecord(kind: LeadKind, id: number) {
  const revalidator = useRevalidator();
  usePartySocket({
    party: DASHBOARD_PARTY,
    room: DASHBOARD_ROOM_NAME,
    onClose(event) {
      // Signed out elsewhere or expired: the reload meets the guard, which sends this page to the login.
      if (event.code === SIGNED_OUT_CLOSE_CODE) void revalidator.revalidate();
    },
    onMessage(message) {
      const event = parseLiveEvent(message.data);
      if (event?.type === "lead-updated" && event.kind === kind && event.id === id) void revalidator.revalidate();
    },
  });
}

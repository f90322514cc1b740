import { useRef, useState } from "react";
import { DASHBOARD_PARTY, DASHBOARD_ROOM_NAME, SIGNED_OUT_CLOSE_CODE, SIGNED_OUT_MESSAGE } from "~/live/events";
import { usePartySocket } from "./party-socket.client";

/** The server opens no socket (partysocket is client-only): it renders the page "connecting". */
function useNoSocket(): undefined {
  return undefined;
}
const useRoomSocket = usePartySocket ?? useNoSocket;

export type LiveState = "connecting" | "connected" | "reconnecting" | "signed-out";

/**
 * The room's connection as every live staff page needs it (the inboxes, the
 * Repairs tab, a record's page): after a lost connection comes back, `refresh`
 * catches up on what arrived meanwhile (unless `catchUpAfterReconnect` is false);
 * signed out elsewhere or expired, it stops listening and `refresh` meets the
 * guard, which sends the page to the login. Every other message goes to `onEvent`.
 */
export function useRoomConnection(refresh: () => void, onEvent: (data: unknown) => void, { catchUpAfterReconnect = true } = {}): LiveState {
  const [state, setState] = useState<LiveState>("connecting");
  const hasConnected = useRef(false);
  const socket = useRoomSocket({
    party: DASHBOARD_PARTY,
    room: DASHBOARD_ROOM_NAME,
    onOpen() {
      if (hasConnected.current && catchUpAfterReconnect) refresh();
      hasConnected.current = true;
      setState("connected");
    },
    onClose(event) {
      setState((current) => (current === "signed-out" ? current : "reconnecting"));
      if (event.code === SIGNED_OUT_CLOSE_CODE) refresh();
    },
    onMessage(message) {
      if (message.data === SIGNED_OUT_MESSAGE) {
        setState("signed-out");
        socket?.close(SIGNED_OUT_CLOSE_CODE);
        refresh();
        return;
      }
      onEvent(message.data);
    },
  });
  return state;
}

import { useRef, useState } from "react";
import { parseRoomMessage, SIGNED_OUT_CLOSE_CODE, useRoomSocket, type RoomMessage } from "../../../party/socket.client";

/** The server opens no socket (partysocket is client-only): it renders the page "connecting". */
function useNoSocket(): undefined {
  return undefined;
}
const useSocket = useRoomSocket ?? useNoSocket;

export type LiveState = "connecting" | "connected" | "reconnecting" | "signed-out";

/**
 * The room's connection as every live staff page needs it (the lists, a record's page): after a lost connection
 * comes back, `refresh` catches up on what arrived meanwhile (unless `catchUpAfterReconnect` is false); signed out
 * elsewhere or expired, it stops listening and `refresh` meets the guard, which sends the page to the login. Every
 * record event goes to `onEvent`, read (party/protocol.ts); anything else the socket hears is dropped.
 */
export function useRoomConnection(
  refresh: () => void,
  onEvent: (message: Exclude<RoomMessage, { type: "signed-out" }>) => void,
  { catchUpAfterReconnect = true } = {},
): LiveState {
  const [state, setState] = useState<LiveState>("connecting");
  const hasConnected = useRef(false);
  const socket = useSocket({
    onOpen() {
      if (hasConnected.current && catchUpAfterReconnect) refresh();
      hasConnected.current = true;
      setState("connected");
    },
    onClose(event) {
      setState((current) => (current === "signed-out" ? current : "reconnecting"));
      if (event.code === SIGNED_OUT_CLOSE_CODE) refresh();
    },
    onMessage(event) {
      const message = parseRoomMessage(event.data);
      if (!message) return;
      if (message.type === "signed-out") {
        setState("signed-out");
        socket?.close(SIGNED_OUT_CLOSE_CODE);
        refresh();
        return;
      }
      onEvent(message);
    },
  });
  return state;
}

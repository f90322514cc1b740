import usePartySocketInBrowser from "partysocket/react";
import { DASHBOARD_PARTY, DASHBOARD_ROOM_NAME, parseRoomMessage, SIGNED_OUT_CLOSE_CODE, type RoomMessage } from "./protocol";

// The browser's side of the room, and the one module of it the dashboard's
// components import. A `.client` module: React Router's server build replaces
// its exports with undefined, so partysocket (only ever used in the browser) is
// not in the Worker, which compiles every module it ships in every new isolate
// (decision 118). Nothing here may be read while rendering on the server.

type SocketOptions = Omit<Parameters<typeof usePartySocketInBrowser>[0], "party" | "room">;

/** The room's socket in the browser (partysocket's hook, with the room's address); undefined in the server build. */
export const useRoomSocket: ((options: SocketOptions) => ReturnType<typeof usePartySocketInBrowser>) | undefined = (options) =>
  usePartySocketInBrowser({ ...options, party: DASHBOARD_PARTY, room: DASHBOARD_ROOM_NAME });

export { parseRoomMessage, SIGNED_OUT_CLOSE_CODE, type RoomMessage };

import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import type { RoomMessage } from "../../../party/socket.client";
import { useRoomConnection } from "./use-room-connection";

/**
 * Keeps an open page of one thing current (a lead's record, a repair): when the room reports a change that
 * `isAboutThisPage` recognises (a visitor cancelled or moved it, a text came in or went out, a colleague changed a
 * repair), the page reloads its data, so it shows what the server would render now. Reading such a page marks
 * nothing as seen, so a plain revalidation is safe here, unlike on a list (use-live-list.ts). It shows no live
 * state and does not reload after a reconnect (decision 128); signed out elsewhere, it reloads into the guard.
 *
 * While the page is posting or loading (the clerk's own save, whose change the room reports too), the reload waits
 * until it is done: a revalidation then would restart the loads after the save, and the first of them may already
 * have taken the save's one-time toast with it.
 */
export function useLivePage(isAboutThisPage: (message: RoomMessage) => boolean) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = useRef(false);
  const waiting = useRef(false);
  useEffect(() => {
    busy.current = navigation.state !== "idle";
    if (!busy.current && waiting.current) {
      waiting.current = false;
      void revalidator.revalidate();
    }
  }, [navigation.state, revalidator]);
  const revalidate = () => {
    if (busy.current) waiting.current = true;
    else void revalidator.revalidate();
  };
  useRoomConnection(revalidate, (message) => {
    if (isAboutThisPage(message)) revalidate();
  }, { catchUpAfterReconnect: false });
}

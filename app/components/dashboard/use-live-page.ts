import usePartySocket from "partysocket/react";
import { useRevalidator } from "react-router";
import { DASHBOARD_PARTY, DASHBOARD_ROOM_NAME, SIGNED_OUT_CLOSE_CODE } from "~/live/events";

/**
 * Keeps an open page of one thing current (a lead's record, a repair): when the room reports a change that
 * `isAboutThisPage` recognises (a visitor cancelled or moved it, a text came in or went out, a colleague changed a
 * repair), the page reloads its data, so it shows what the server would render now. Reading such a page marks
 * nothing as seen, so a plain revalidation is safe here, unlike on a list (use-live-list.ts).
 */
export function useLivePage(isAboutThisPage: (message: unknown) => boolean) {
  const revalidator = useRevalidator();
  usePartySocket({
    party: DASHBOARD_PARTY,
    room: DASHBOARD_ROOM_NAME,
    onClose(event) {
      // Signed out elsewhere or expired: the reload meets the guard, which sends this page to the login.
      if (event.code === SIGNED_OUT_CLOSE_CODE) void revalidator.revalidate();
    },
    onMessage(message) {
      if (isAboutThisPage(message.data)) void revalidator.revalidate();
    },
  });
}

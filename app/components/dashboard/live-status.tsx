import { useHydrated } from "~/components/site/use-hydrated";
import type { LiveState } from "./use-room-connection";

const LABELS: Record<LiveState, string> = {
  connecting: "Connecting…",
  connected: "Live",
  reconnecting: "Reconnecting…",
  "signed-out": "Signed out",
};

/**
 * Whether new leads will appear on their own; not a live region (it would chatter on every reconnect).
 * Only once the page's scripts run: without them nothing connects, and "Connecting…" would never change.
 */
export function LiveStatus({ state }: { state: LiveState }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <p className="live-status" data-live={state}>
      <span className="live-status__dot" aria-hidden="true" />
      {LABELS[state]}
      {state === "connected" ? <span className="visually-hidden">: new leads appear without reloading</span> : null}
    </p>
  );
}

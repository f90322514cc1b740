import type { LiveState } from "./use-live-inbox";

const LABELS: Record<LiveState, string> = {
  connecting: "Connecting…",
  connected: "Live",
  reconnecting: "Reconnecting…",
  "signed-out": "Signed out",
};

/** Whether new leads will appear on their own; not a live region (it would chatter on every reconnect). */
export function LiveStatus({ state }: { state: LiveState }) {
  return (
    <p className="live-status" data-live={state}>
      <span className="live-status__dot" aria-hidden="true" />
      {LABELS[state]}
      {state === "connected" ? <span className="visually-hidden">: new leads appear without reloading</span> : null}
    </p>
  );
}

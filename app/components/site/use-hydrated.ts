// Kept over remix-utils' useHydrated (it supports React Router 8): the same eight lines, not worth a new dependency (decision 121).
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true afterwards. Controls that need
 * JavaScript (carousel buttons) render only once they can work.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

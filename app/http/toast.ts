import { useEffect, useSyncExternalStore } from "react";

export interface Toast {
  id: string;
  type: "success" | "error";
  message: string;
}

// Toasts reach the toast area two ways:
// - after a redirect, from the flash cookie via the root loader (works without JS);
// - when an action fails without redirecting, from its action data. Without JS the
//   root loader gets it through the request context; with JS the route pushes it here.
let clientToast: Toast | null = null;
const listeners = new Set<() => void>();

function subscribeToClientToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getClientToast() {
  return clientToast;
}

function showClientToast(toast: Toast) {
  clientToast = toast;
  for (const listener of listeners) listener();
}

export function useClientToast() {
  return useSyncExternalStore(subscribeToClientToasts, getClientToast, () => null);
}

/** The toast inside an action's data, if it carries one. */
function toastFrom(actionData: unknown): Toast | null {
  if (!actionData || typeof actionData !== "object" || !("toast" in actionData)) return null;
  const toast = (actionData as { toast?: Toast | null }).toast;
  return toast ?? null;
}

/** Shows the toast an action returned (e.g. "Failed to send message"), once per toast id. */
export function useActionToast(actionData: unknown) {
  const toast = toastFrom(actionData);
  useEffect(() => {
    if (toast) showClientToast(toast);
  }, [toast?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by id on purpose
}

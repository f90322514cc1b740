import { createContext, createCookie, data, redirect, type RouterContextProvider } from "react-router";

import type { Toast } from "./toast";

// A one-read flash cookie: set on the redirect after a form post, read and
// cleared by the root loader, so toasts work without JavaScript and a reload
// never shows (or resubmits) them again.
const toastCookie = createCookie("flash_toast", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60,
});

export async function redirectWithToast(
  url: string,
  toast: Omit<Toast, "id">,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie.serialize({ ...toast, id: crypto.randomUUID() }));
  return redirect(url, { ...init, headers });
}

/** A toast raised by an action in this same request (a failure that does not redirect). */
const actionToastContext = createContext<Toast | null>(null);

/**
 * Answers a failed action without redirecting, so the form keeps what was typed.
 * The toast travels in the action data (for the JS path) and in the request
 * context, where the root loader of a no-JS document POST picks it up.
 */
export function dataWithToast<T extends object>(
  context: Readonly<RouterContextProvider>,
  body: T,
  toast: Omit<Toast, "id">,
  init: ResponseInit,
) {
  const withId: Toast = { ...toast, id: crypto.randomUUID() };
  (context as RouterContextProvider).set(actionToastContext, withId);
  return data({ ...body, toast: withId }, init);
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function consumeToast(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const actionToast = context.get(actionToastContext);
  if (actionToast) return { toast: actionToast, headers };
  let value: unknown;
  try {
    value = await toastCookie.parse(request.headers.get("Cookie"));
  } catch {
    value = null;
  }
  const toast = isToast(value) ? value : null;
  if (value !== null && value !== undefined) {
    headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
  }
  return { toast, headers };
}

function isToast(value: unknown): value is Toast {
  if (!value || typeof value !== "object") return false;
  const toast = value as Record<string, unknown>;
  return (
    typeof toast.id === "string" &&
    (toast.type === "success" || toast.type === "error") &&
    typeof toast.message === "string"
  );
}

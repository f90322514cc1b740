import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { seal, unseal } from "~/core/secret";
import { TOAST_COOKIE } from "./cookie-names";
import { siteCookie } from "./cookies.server";
import { getCloudflare } from "./request-context";
import type { Toast } from "./toast";

// Toasts travel as a flash message in a short-lived cookie: set on the redirect
// after a form post, read (and so cleared) by the root loader, so toasts work
// without JavaScript and a reload never shows them again.
//
// A form's success may carry a receipt too (what was received, where the e-mail went), read by
// the page the redirect opens (its loader), so the confirmation lasts as long as that page.
// The receipt names the visitor's e-mail, so the cookie is sealed, not just signed: encrypted
// and authenticated by app/core/secret.ts, unreadable to whoever holds it (decision 132).
type ToastFlash = { toast?: unknown; receipt?: unknown };

const toastCookie = siteCookie(TOAST_COOKIE, { maxAge: 60 });
/** What the seal is bound to: a value sealed for anything else never opens as a flash. */
const SEAL_PURPOSE = TOAST_COOKIE;

/** `headers` plus the Set-Cookie that carries `toast` to the next page the visitor loads. */
export async function withFlashToast(
  context: Readonly<RouterContextProvider>,
  toast: Omit<Toast, "id">,
  headers?: HeadersInit,
  receipt?: unknown,
) {
  const { env, request } = getCloudflare(context);
  const flash: ToastFlash = { toast: { ...toast, id: crypto.randomUUID() }, receipt };
  const result = new Headers(headers);
  result.append("Set-Cookie", await toastCookie.set(request, await seal(env, SEAL_PURPOSE, JSON.stringify(flash))));
  return result;
}

export async function redirectWithToast(
  context: Readonly<RouterContextProvider>,
  url: string,
  toast: Omit<Toast, "id">,
  init: ResponseInit = {},
  receipt?: unknown,
) {
  return redirect(url, { ...init, headers: await withFlashToast(context, toast, init.headers, receipt) });
}

/** The flash this request carries, or null for none, or one that does not open (tampered, expired secret, older build). */
async function readFlash(request: Request, context: Readonly<RouterContextProvider>): Promise<ToastFlash | null> {
  if (!request.headers.get("Cookie")?.includes(`${TOAST_COOKIE}=`)) return null;
  const sealed = await toastCookie.read(request);
  if (typeof sealed !== "string") return null;
  const text = await unseal(getCloudflare(context).env, SEAL_PURPOSE, sealed);
  if (text === null) return null;
  try {
    const flash: unknown = JSON.parse(text);
    return flash && typeof flash === "object" ? (flash as ToastFlash) : null;
  } catch {
    return null;
  }
}

/**
 * The receipt flashed with this request's toast, if any: for the page's own loader. The root
 * loader's consumeToast clears the cookie in the same response.
 */
export async function flashedReceipt(request: Request, context: Readonly<RouterContextProvider>): Promise<unknown> {
  return (await readFlash(request, context))?.receipt;
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

/** Reads the pending toast, if any, and the header that clears its cookie. */
export async function consumeToast(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const actionToast = context.get(actionToastContext);
  if (actionToast) return { toast: actionToast, headers };
  if (!request.headers.get("Cookie")?.includes(`${TOAST_COOKIE}=`)) return { toast: null, headers };
  // A tampered or malformed cookie reads as no toast, and is cleared all the same.
  const flash = await readFlash(request, context);
  headers.append("Set-Cookie", await toastCookie.clear(request));
  const parsed = toastSchema.safeParse(flash?.toast);
  return { toast: parsed.success ? parsed.data : null, headers };
}

/** What a flashed toast must look like to be shown (the cookie is sealed, but may come from an older build). */
const toastSchema: z.ZodType<Toast> = z.object({
  id: z.string(),
  type: z.enum(["success", "error"]),
  message: z.string(),
});

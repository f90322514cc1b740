import { createContext, createCookieSessionStorage, data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { cookieSecrets } from "~/core/secret";
import { TOAST_COOKIE } from "./cookie-names";
import { getCloudflare } from "./request-context";
import type { Toast } from "./toast";

// Toasts travel as a flash message in a short-lived, signed cookie session: set
// on the redirect after a form post, read (and so cleared) by the root loader,
// so toasts work without JavaScript and a reload never shows them again.

// A form's success may carry a receipt too (what was received, where the e-mail went), read by
// the page the redirect opens (its loader), so the confirmation lasts as long as that page.
type ToastFlash = { toast: Toast; receipt: unknown };

const storages = new Map<string, ReturnType<typeof createToastStorage>>();

function createToastStorage(secrets: string[]) {
  return createCookieSessionStorage<Record<string, never>, ToastFlash>({
    cookie: { name: TOAST_COOKIE, httpOnly: true, sameSite: "lax", path: "/", maxAge: 60, secrets },
  });
}

function toastStorage(context: Readonly<RouterContextProvider>) {
  const { env } = getCloudflare(context);
  let storage = storages.get(env.SESSION_SECRET);
  if (!storage) storages.set(env.SESSION_SECRET, (storage = createToastStorage(cookieSecrets(env))));
  return storage;
}

/** `headers` plus the Set-Cookie that carries `toast` to the next page the visitor loads. */
export async function withFlashToast(
  context: Readonly<RouterContextProvider>,
  toast: Omit<Toast, "id">,
  headers?: HeadersInit,
  receipt?: unknown,
) {
  const storage = toastStorage(context);
  const session = await storage.getSession();
  session.flash("toast", { ...toast, id: crypto.randomUUID() });
  if (receipt !== undefined) session.flash("receipt", receipt);
  const result = new Headers(headers);
  result.append("Set-Cookie", await storage.commitSession(session));
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

/**
 * The receipt flashed with this request's toast, if any: for the page's own loader. The root
 * loader's consumeToast clears the cookie in the same response.
 */
export async function flashedReceipt(request: Request, context: Readonly<RouterContextProvider>): Promise<unknown> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${TOAST_COOKIE}=`)) return undefined;
  return (await toastStorage(context).getSession(cookie)).get("receipt");
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
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${TOAST_COOKIE}=`)) return { toast: null, headers };
  const storage = toastStorage(context);
  // A tampered or malformed cookie reads as an empty session.
  const session = await storage.getSession(cookie);
  const toast = session.get("toast");
  headers.append("Set-Cookie", await storage.destroySession(session));
  const parsed = toastSchema.safeParse(toast);
  return { toast: parsed.success ? parsed.data : null, headers };
}

/** What a flashed toast must look like to be shown (the cookie is signed, but may come from an older build). */
const toastSchema: z.ZodType<Toast> = z.object({
  id: z.string(),
  type: z.enum(["success", "error"]),
  message: z.string(),
});

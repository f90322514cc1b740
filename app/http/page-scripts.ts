// Which pages run JavaScript, and when (docs/decisions/070, 076). Content pages
// are HTML and CSS only: no <Scripts/>, no modulepreload, no hydration, no nonce,
// so their HTML is the same for every visitor and can be cached in front of the
// render. A route that needs React says so in its `handle`; the root layout, the
// document renderer and the Worker all ask this module.

export interface PageHandle {
  /**
   * This route (and every route below it) is hydrated and renders React Router's
   * scripts: at once (`true`), or only from the visitor's first interaction with
   * the page (`"on-intent"`; page-scripts.server.ts lists what counts).
   */
  hydrate?: true | "on-intent";
  /**
   * The page is a task to finish (a form, the manage page): the floating call/WhatsApp/book bar
   * stays away, so it never covers a field or the button that finishes the task (issue 27).
   */
  withoutFloatingActions?: true;
}

/** The handle of a route whose scripts must run at once: login and the staff area. */
export const HYDRATE = { hydrate: true } as const satisfies PageHandle;

/**
 * The handle of a public form page: it works before it hydrates (every form posts),
 * so its scripts wait for the visitor's first interaction (docs/decisions/076).
 */
export const HYDRATE_ON_INTENT = { hydrate: "on-intent", withoutFloatingActions: true } as const satisfies PageHandle;

/** False when a matched route is a task the floating bar would cover. */
export function showsFloatingActions(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as PageHandle | undefined)?.withoutFloatingActions);
}

export type PageScripts = "none" | "eager" | "on-intent";

/** What the matched routes ask for; a route that needs its scripts at once wins. */
export function pageScripts(matches: readonly { handle?: unknown }[]): PageScripts {
  const asks = matches.map((match) => (match.handle as PageHandle | undefined)?.hydrate);
  if (asks.includes(true)) return "eager";
  return asks.includes("on-intent") ? "on-intent" : "none";
}

/** True when any matched route asks for hydration. */
export function pageHydrates(matches: readonly { handle?: unknown }[]): boolean {
  return pageScripts(matches) !== "none";
}

/**
 * Set by the document renderer on a page that runs no script, read (and removed)
 * by the Worker: such a page gets a policy without a nonce and may be cached.
 */
export const STATIC_DOCUMENT_HEADER = "X-Static-Document";

/** A button whose press before the page's scripts run is kept and carried out once they do (the passkey button). */
export const PRESS_BEFORE_SCRIPTS_ATTRIBUTE = "data-press-before-scripts";
/** Set on such a button by the page's starter when it was pressed before the scripts ran. */
export const PRESSED_ATTRIBUTE = "data-pressed-before-scripts";

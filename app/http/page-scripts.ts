// Which pages run JavaScript (docs/decisions/070). Content pages are HTML and
// CSS only: no <Scripts/>, no modulepreload, no hydration, no nonce, so their
// HTML is the same for every visitor and can be cached in front of the render.
// A route that needs React says so with `export const handle = HYDRATE`; the
// root layout, the document renderer and the Worker all ask `pageHydrates`.

export interface PageHandle {
  /** This route (and every route below it) is hydrated and renders React Router's scripts. */
  hydrate?: boolean;
}

/** The handle of a route that needs React in the browser: forms, login, the staff area. */
export const HYDRATE = { hydrate: true } as const satisfies PageHandle;

/** True when any matched route asks for hydration. */
export function pageHydrates(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === true);
}

/**
 * Set by the document renderer on a page that runs no script, read (and removed)
 * by the Worker: such a page gets a policy without a nonce and may be cached.
 */
export const STATIC_DOCUMENT_HEADER = "X-Static-Document";

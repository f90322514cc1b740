import { setsAttribute } from "./html-rewriter.server";
import { PRESS_BEFORE_SCRIPTS_ATTRIBUTE, PRESSED_ATTRIBUTE, type PageScripts } from "./page-scripts";

// React Router renders its scripts one way: every module preloaded at high
// priority in <head>, and one inline module that imports them and hydrates.
// The page decides when they run (docs/decisions/075, 076); this rewrites the
// rendered document to match. React Router has no option for either.

/** The type a public form page's entry module waits under: a browser runs no script of an unknown type. */
export const PARKED_MODULE_TYPE = "text/x-module-on-intent";
/** The `rel` its module preloads wait under: a browser fetches nothing for a link type it does not know. */
export const PARKED_PRELOAD_REL = "x-modulepreload-on-intent";

/**
 * The first key, tap, click, focus or wheel turn, or a field changed without any
 * of them (a browser's autofill): the visitor is reaching for the page. The wheel
 * counts because the contact page's map is added by script as the visitor scrolls
 * to it; a finger's scroll already starts with a touch.
 */
const INTENT_EVENTS = ["pointerdown", "touchstart", "keydown", "focusin", "wheel", "input", "change"];

/**
 * Set on <html> when the page's modules could not be loaded, such as in a tab left
 * open across a deploy, whose files are gone: the page stays the server's HTML,
 * so the steps meant for browsers without JavaScript are shown again (lead-forms.css).
 */
const SCRIPTS_FAILED_ATTRIBUTE = "data-scripts-failed";

/**
 * Inline and tiny, so it costs no request: on the first sign of intent it puts
 * back the preloads, so every module is fetched at once rather than one level of
 * imports per round trip, then the parked module as a live one (same text, same
 * nonce), and stops listening. A module that fails to load fires `error` on its
 * script element. A press on a button that asks for it (PRESS_BEFORE_SCRIPTS_ATTRIBUTE)
 * before the scripts run is marked, so the button carries it out when they do.
 */
const START_ON_INTENT = `(() => {
  const events = ${JSON.stringify(INTENT_EVENTS)};
  const keep = (event) => {
    const button = event.target.closest && event.target.closest("[${PRESS_BEFORE_SCRIPTS_ATTRIBUTE}]");
    if (button && !document.documentElement.hasAttribute("data-hydrated")) button.setAttribute("${PRESSED_ATTRIBUTE}", "");
  };
  addEventListener("click", keep, true);
  const start = () => {
    for (const type of events) removeEventListener(type, start, true);
    for (const parked of document.querySelectorAll('link[rel="${PARKED_PRELOAD_REL}"]')) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = parked.href;
      link.nonce = parked.nonce;
      parked.replaceWith(link);
    }
    const parked = document.querySelector('script[type="${PARKED_MODULE_TYPE}"]');
    if (!parked) return;
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = parked.nonce;
    script.textContent = parked.textContent;
    script.addEventListener("error", () => document.documentElement.setAttribute("${SCRIPTS_FAILED_ATTRIBUTE}", ""));
    parked.replaceWith(script);
  };
  for (const type of events) addEventListener(type, start, { capture: true, passive: true });
})();`;

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
}

/**
 * - `eager` (login, staff): the preloads are fetched at low priority, so the
 *   stylesheet and fonts the first paint waits for go first.
 * - `on-intent` (public form pages): the preloads and the entry module are
 *   parked until the visitor's first interaction. Until then the page is the
 *   server's HTML, whose forms post without JavaScript.
 */
export function schedulePageScripts(response: Response, scripts: Exclude<PageScripts, "none">, nonce: string): Response {
  if (scripts === "eager") {
    return new HTMLRewriter().on('link[rel="modulepreload"]', setsAttribute("fetchpriority", "low")).transform(response);
  }
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', setsAttribute("rel", PARKED_PRELOAD_REL))
    .on('script[type="module"]', {
      element(element) {
        element.setAttribute("type", PARKED_MODULE_TYPE);
        // A script of an unknown type is a data block, which may not be `async`; the module put
        // back in its place runs without waiting for the document anyway, as every added script does.
        element.removeAttribute("async");
        element.after(`<script nonce="${escapeAttribute(nonce)}">${START_ON_INTENT}</script>`, { html: true });
      },
    })
    .transform(response);
}

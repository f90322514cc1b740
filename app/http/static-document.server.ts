import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/** Where React left a Suspense boundary's fallback in place: something in it suspended or failed. */
const FALLBACK_KEPT = "<!--$!-->";

/**
 * A page that runs no script (docs/decisions/070), rendered in one synchronous
 * pass. It has nothing to stream: no script would ever fill in a boundary, and
 * the page is cached whole. React's streaming renderer schedules its work and
 * its chunks even so; rendered in one pass, a cache miss here serves about 1.5
 * times as many pages a second (docs/decisions/079).
 *
 * Null when the page needs the streaming renderer after all: when the render
 * threw, or a boundary kept its fallback. The stream waits for what suspended
 * and reports what failed, where this pass would keep the fallback for good.
 */
export function renderStaticDocument(page: ReactElement): string | null {
  let html: string;
  try {
    html = renderToString(page);
  } catch {
    return null;
  }
  return html.includes(FALLBACK_KEPT) ? null : `<!DOCTYPE html>${html}`;
}

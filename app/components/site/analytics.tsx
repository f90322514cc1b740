import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import analyticsScript from "~/assets/analytics.js?url&no-inline";
import { useNonceAttribute } from "~/http/nonce";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * GA4 without blocking rendering and without an inline script (docs/decisions/073):
 * the site's own analytics file loads async and sends the page view of this load.
 * On a content page (no JavaScript of React's) that is all; the policy allows the
 * site's own scripts and gtag.js. On a hydrated page the file carries the nonce,
 * and the effect below sends one page view per client-side route change.
 */
export function Analytics({ measurementId }: { measurementId: string }) {
  return <script async src={analyticsScript} data-measurement-id={measurementId} nonce={useNonceAttribute()} />;
}

/**
 * One page_view per client-side route change to another path; the first load's is sent
 * by the analytics file. The path only, never the query (docs/decisions/099).
 */
export function usePageViews(enabled: boolean) {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!enabled) return;
    const page = window.location.origin + location.pathname;
    window.gtag?.("set", { page_location: page });
    window.gtag?.("event", "page_view", { page_location: page, page_path: location.pathname, page_title: document.title });
  }, [enabled, location.pathname]);
}

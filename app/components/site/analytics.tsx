import { useEffect } from "react";
import { useLocation } from "react-router";
import { useNonce } from "~/http/nonce";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** Only a real GA4 id ("G-XXXXXXX") ever reaches the page; anything else means "no analytics". */
export function parseMeasurementId(value: string | undefined): string {
  const id = (value ?? "").trim();
  return /^G-[A-Z0-9]{4,20}$/.test(id) ? id : "";
}

/**
 * GA4 without blocking rendering: gtag.js loads async, the automatic page view
 * is off, and one page_view is sent per location (the first load and every
 * client-side navigation).
 */
export function Analytics({ measurementId }: { measurementId: string }) {
  const nonce = useNonce() || undefined;
  const location = useLocation();

  useEffect(() => {
    window.gtag?.("event", "page_view", {
      page_location: window.location.href,
      page_path: location.pathname + location.search,
      page_title: document.title,
    });
  }, [location.pathname, location.search]);

  const setup =
    "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}" +
    `gtag("js",new Date());gtag("config",${JSON.stringify(measurementId)},{send_page_view:false});`;
  return (
    <>
      <script
        async
        nonce={nonce}
        src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`}
      />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: setup }} />
    </>
  );
}

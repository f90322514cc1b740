import { useEffect, useState } from "react";
import { TOAST_DURATION_MS, useClientToast, type Toast } from "~/http/toast";

/**
 * The toast area at the top right. A CSS animation hides a toast after 3 s even
 * without JavaScript; with JavaScript it is also removed from the DOM.
 */
export function Toaster({ toast: loaderToast }: { toast: Toast | null }) {
  const clientToast = useClientToast();
  const [dismissedIds, setDismissedIds] = useState<string[]>([]);
  // The page's latest toast stays its 3 s when the page reloads its data meanwhile (a live refresh right after the
  // clerk's own save): the reload's answer has no toast, which does not mean this one was read.
  const [pageToast, setPageToast] = useState(loaderToast);
  if (loaderToast && loaderToast.id !== pageToast?.id) setPageToast(loaderToast);
  const visible = [clientToast, pageToast].find((toast) => toast && !dismissedIds.includes(toast.id)) ?? null;

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setDismissedIds((ids) => [...ids.slice(-10), visible.id]), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  return (
    <div className="toast-region" role="status" aria-live="polite">
      {visible ? (
        <div key={visible.id} className={`toast toast--${visible.type}`} data-toast={visible.type}>
          <span aria-hidden="true" className="toast__icon">
            {visible.type === "success" ? "✓" : "!"}
          </span>
          <span>{visible.message}</span>
        </div>
      ) : null}
    </div>
  );
}

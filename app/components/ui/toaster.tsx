import { useState } from "react";
import { useLocation } from "react-router";
import { useClientToast, type Toast } from "~/http/toast";

/**
 * The toast area: under the page's header, in its own room, so a toast covers no control (docs/decisions/148).
 * A toast stays while the page it came with is shown, with or without JavaScript: closing by itself, its room
 * would close too and move the page under the visitor's finger. The page's data reloading (a live refresh right
 * after the clerk's own save) keeps it; another page leaves it behind.
 */
export function Toaster({ toast: loaderToast }: { toast: Toast | null }) {
  const clientToast = useClientToast();
  const { key } = useLocation();
  // The toasts seen so far, newest last, and the newest with the page (location) it arrived on.
  const [seen, setSeen] = useState<string[]>(loaderToast ? [loaderToast.id] : []);
  const [latest, setLatest] = useState<{ toast: Toast; page: string } | null>(loaderToast ? { toast: loaderToast, page: key } : null);
  const arriving = [clientToast, loaderToast].find((toast) => toast && !seen.includes(toast.id)) ?? null;
  if (arriving) {
    setSeen([...seen.slice(-10), arriving.id]);
    setLatest({ toast: arriving, page: key });
  }
  const visible = latest && latest.page === key ? latest.toast : null;

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

import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * A <details> menu opens and closes without JavaScript. With JavaScript it also
 * closes on Escape (focus returns to its summary), on a click or focus outside
 * it, and after choosing a link (any navigation).
 */
export function useDismissibleDetails(ref: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation();
  const shownLocation = useRef(location.key);

  // Only a navigation closes it. On a form page the tap that opens the menu is
  // also the one that starts the page's scripts (docs/decisions/076), so the
  // menu is already open when this first runs, and must stay open.
  useEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [ref, location.key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = () => {
      details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      close();
      details.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) close();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (details.open && event.relatedTarget instanceof Node && !details.contains(event.relatedTarget)) close();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    details.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      details.removeEventListener("focusout", onFocusOut);
    };
  }, [ref]);
}

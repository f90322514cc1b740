import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { ArrowLeftIcon, ArrowRightIcon } from "./icons";
import { prefersReducedMotion, useHydrated } from "./use-hydrated";

/**
 * A row that swipes on phones (CSS scroll-snap) and becomes a grid on wide
 * screens. Previous/next buttons appear once JavaScript runs; without it the
 * row still scrolls by touch, trackpad or keyboard.
 */
export function Scroller({ label, children }: { label: string; children: ReactNode[] }) {
  const trackRef = useRef<HTMLUListElement>(null);
  const hydrated = useHydrated();
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const updateEdges = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setEdges({
      atStart: track.scrollLeft <= 4,
      atEnd: track.scrollLeft + track.clientWidth >= track.scrollWidth - 4,
    });
  }, []);

  useEffect(() => {
    updateEdges();
    window.addEventListener("resize", updateEdges);
    return () => window.removeEventListener("resize", updateEdges);
  }, [updateEdges]);

  function scrollByItem(direction: 1 | -1) {
    const track = trackRef.current;
    const item = track?.firstElementChild;
    if (!track || !item) return;
    const gap = parseFloat(getComputedStyle(track).columnGap) || 0;
    track.scrollBy({
      left: direction * (item.getBoundingClientRect().width + gap),
      behavior: prefersReducedMotion() ? "auto" : "smooth",
    });
  }

  return (
    <div className="scroller" role="region" aria-label={label}>
      <ul ref={trackRef} className="scroller__track" onScroll={updateEdges}>
        {children.map((child, index) => (
          <li key={index} className="scroller__item">
            {child}
          </li>
        ))}
      </ul>
      {hydrated ? (
        <div className="scroller__controls">
          <button
            type="button"
            className="carousel-button"
            onClick={() => scrollByItem(-1)}
            disabled={edges.atStart}
            aria-label={`Previous: ${label}`}
          >
            <ArrowLeftIcon />
          </button>
          <button
            type="button"
            className="carousel-button"
            onClick={() => scrollByItem(1)}
            disabled={edges.atEnd}
            aria-label={`Next: ${label}`}
          >
            <ArrowRightIcon />
          </button>
        </div>
      ) : null}
    </div>
  );
}

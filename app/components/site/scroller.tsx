import type { ReactNode } from "react";

/**
 * A row that swipes on phones (CSS scroll-snap) and becomes a grid on wide
 * screens. No JavaScript (docs/decisions/070): it scrolls by touch, trackpad,
 * or by the arrow keys from a link in it. The row is no tab stop of its own: a
 * list has no widget role, so a focusable one confuses assistive technology.
 */
export function Scroller({ label, children }: { label: string; children: ReactNode[] }) {
  return (
    <div className="scroller" role="region" aria-label={label}>
      <ul className="scroller__track">
        {children.map((child, index) => (
          <li key={index} className="scroller__item">
            {child}
          </li>
        ))}
      </ul>
    </div>
  );
}

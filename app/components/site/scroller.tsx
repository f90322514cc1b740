import type { ReactNode } from "react";

/**
 * A row that swipes on phones (CSS scroll-snap) and becomes a grid on wide
 * screens. No JavaScript (docs/decisions/070): it scrolls by touch, trackpad,
 * or by keyboard once focused.
 */
export function Scroller({ label, children }: { label: string; children: ReactNode[] }) {
  return (
    <div className="scroller" role="region" aria-label={label}>
      <ul className="scroller__track" tabIndex={0}>
        {children.map((child, index) => (
          <li key={index} className="scroller__item">
            {child}
          </li>
        ))}
      </ul>
    </div>
  );
}

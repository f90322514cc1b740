import type { ReactNode } from "react";

/** The opening of every inner page: a small label, the page's one <h1>, and a lead paragraph. */
export function PageHero({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="page-hero">
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <div className="ornament" aria-hidden="true">
          <span />
        </div>
        {children ? <div className="page-hero__lead lead">{children}</div> : null}
      </div>
    </header>
  );
}

import type { ReactNode } from "react";
import type { SiteImage } from "~/config/artwork";

/** A picture beside a block of text; `reverse` puts the picture on the right on wide screens. */
export function FeatureSection({
  id,
  eyebrow,
  title,
  image,
  reverse = false,
  tint = false,
  eager = false,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  image: SiteImage;
  reverse?: boolean;
  tint?: boolean;
  /** The first picture on a page may be on the first screen: never lazy-load it. */
  eager?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} className={`section feature${tint ? " section--tint" : ""}`} aria-labelledby={`${id}-heading`}>
      <div className={`container feature__inner${reverse ? " feature__inner--reverse" : ""}`}>
        <div className="feature__media">
          <img
            src={image.src}
            width={image.width}
            height={image.height}
            alt={image.alt}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : undefined}
            decoding="async"
          />
        </div>
        <div className="feature__text">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={`${id}-heading`}>{title}</h2>
          {children}
        </div>
      </div>
    </section>
  );
}

import { useId } from "react";
import { store } from "~/config/store";
import { PlayIcon } from "./icons";
import type { SiteImage } from "~/config/artwork";

/**
 * A video block: a poster and a play control. Nothing loads until the visitor
 * asks: the control opens the store's YouTube channel (see docs/decisions/013).
 */
export function VideoBlock({ poster, title, text }: { poster: SiteImage; title: string; text: string }) {
  // Each card is named by its own heading: a page's articles need labels that tell them apart.
  const headingId = useId();
  return (
    <article className="collection-card collection-card--video" aria-labelledby={headingId}>
      <div className="collection-card__media video-block">
        <img src={poster.src} width={poster.width} height={poster.height} alt="" loading="lazy" decoding="async" />
        <a className="video-block__play" href={store.social.youtube} target="_blank" rel="noopener noreferrer">
          <span className="video-block__icon">
            <PlayIcon />
          </span>
          <span className="video-block__label">
            Play video<span className="visually-hidden">: {title}, on YouTube (opens in a new tab)</span>
          </span>
        </a>
      </div>
      <h3 id={headingId}>{title}</h3>
      <p>{text}</p>
    </article>
  );
}

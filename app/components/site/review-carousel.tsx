import { useId, useRef, useState } from "react";
import type { Review } from "~/config/reviews";
import { ArrowLeftIcon, ArrowRightIcon } from "./icons";
import { FiveStars } from "./stars";
import { prefersReducedMotion, useHydrated } from "./use-hydrated";

/**
 * The review carousel: one review at a time, never moving on its own.
 * Without JavaScript it is a row that scrolls sideways (snap points, keyboard
 * scrollable). With JavaScript it gains previous/next buttons and one indicator
 * per slide; the change is announced through a polite live region.
 */
export function ReviewCarousel({ reviews, labelledBy }: { reviews: Review[]; labelledBy: string }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const trackId = useId();
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const count = reviews.length;

  function goTo(index: number) {
    const target = (index + count) % count;
    const track = trackRef.current;
    if (track) {
      track.scrollTo({ left: target * track.clientWidth, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    }
    setCurrent(target);
    setAnnouncement(`Slide ${target + 1} of ${count}: ${reviews[target]?.name ?? ""}`);
  }

  // A swipe or trackpad scroll moves the indicator too.
  function onScroll() {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    setCurrent(Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth))));
  }

  return (
    <section className="review-carousel" aria-roledescription="carousel" aria-labelledby={labelledBy}>
      <div id={trackId} ref={trackRef} className="review-carousel__track" tabIndex={0} onScroll={onScroll}>
        {reviews.map((review, index) => (
          <div
            key={review.name}
            className="review-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`Slide ${index + 1} of ${count}`}
            data-current={index === current ? "true" : undefined}
          >
            <figure className="review">
              <img
                className="review__photo"
                src={review.photo}
                width={112}
                height={112}
                alt=""
                loading="lazy"
                decoding="async"
              />
              <div className="review__body">
                <FiveStars />
                <blockquote className="review__text">
                  <p>{review.text}</p>
                </blockquote>
                <figcaption>
                  <h3 className="review__name">{review.name}</h3>
                  <p className="review__occasion">{review.occasion}</p>
                </figcaption>
              </div>
            </figure>
          </div>
        ))}
      </div>

      {hydrated ? (
        <div className="review-carousel__controls">
          <button
            type="button"
            className="carousel-button"
            aria-controls={trackId}
            aria-label="Previous review"
            onClick={() => goTo(current - 1)}
          >
            <ArrowLeftIcon />
          </button>
          <div className="review-carousel__indicators" role="group" aria-label="Choose a review">
            {reviews.map((review, index) => (
              <button
                key={review.name}
                type="button"
                className="review-carousel__indicator"
                aria-controls={trackId}
                aria-label={`Go to slide ${index + 1} of ${count}`}
                aria-current={index === current ? "true" : undefined}
                onClick={() => goTo(index)}
              >
                <span aria-hidden="true" />
              </button>
            ))}
          </div>
          <button
            type="button"
            className="carousel-button"
            aria-controls={trackId}
            aria-label="Next review"
            onClick={() => goTo(current + 1)}
          >
            <ArrowRightIcon />
          </button>
        </div>
      ) : (
        <p className="review-carousel__hint muted small">Scroll sideways for all {count} reviews.</p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

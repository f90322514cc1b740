import type { Review } from "~/config/reviews";
import { ArrowLeftIcon, ArrowRightIcon } from "./icons";
import { FiveStars } from "./stars";

const slideId = (index: number) => `review-${index + 1}`;

/**
 * The review carousel: one review at a time, never moving on its own, and no
 * JavaScript (docs/decisions/070). The track is a row of snap points that
 * scrolls by touch, trackpad or keyboard. Previous and next are links to the
 * neighbouring slide's anchor (each slide carries its own pair, so they always
 * match the slide in view, also after a swipe); the indicators link to each
 * slide, and CSS marks the one last chosen. The track is not a tab stop of its
 * own: the links in each slide are, and the arrow keys scroll the track from them.
 */
export function ReviewCarousel({ reviews, labelledBy }: { reviews: Review[]; labelledBy: string }) {
  const count = reviews.length;
  const wrap = (index: number) => (index + count) % count;

  return (
    <section className="review-carousel" aria-roledescription="carousel" aria-labelledby={labelledBy}>
      <div className="review-carousel__track">
        {reviews.map((review, index) => (
          <div
            key={review.name}
            id={slideId(index)}
            className="review-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`Slide ${index + 1} of ${count}`}
          >
            <div className="review">
              <img
                className="review__photo"
                src={review.photo}
                width={112}
                height={112}
                alt=""
                loading="lazy"
                decoding="async"
              />
              <figure className="review__body">
                <FiveStars />
                <blockquote className="review__text">
                  <p>{review.text}</p>
                </blockquote>
                <figcaption>
                  <h3 className="review__name">{review.name}</h3>
                  <p className="review__occasion">{review.occasion}</p>
                </figcaption>
              </figure>
            </div>
            <div className="review-slide__controls">
              <a className="carousel-button" href={`#${slideId(wrap(index - 1))}`} aria-label="Previous review">
                <ArrowLeftIcon />
              </a>
              <a className="carousel-button" href={`#${slideId(wrap(index + 1))}`} aria-label="Next review">
                <ArrowRightIcon />
              </a>
            </div>
          </div>
        ))}
      </div>
      <div className="review-carousel__indicators" role="group" aria-label="Choose a review">
        {reviews.map((review, index) => (
          <a
            key={review.name}
            className="review-carousel__indicator"
            href={`#${slideId(index)}`}
            aria-label={`Go to slide ${index + 1} of ${count}`}
          >
            <span aria-hidden="true" />
          </a>
        ))}
      </div>
    </section>
  );
}

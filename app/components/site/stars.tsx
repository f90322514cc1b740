import { StarIcon } from "./icons";

/** Five drawn stars with the rating in words for screen readers. */
export function FiveStars() {
  return (
    <span className="stars">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} />
      ))}
      <span className="visually-hidden">Rated 5 out of 5</span>
    </span>
  );
}

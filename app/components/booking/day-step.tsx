import type { ReactNode } from "react";
import { useHydrated } from "~/components/site/use-hydrated";
import { SCHEDULER_DAYS } from "~/core/slots";
import { DayChips } from "./scheduler-chips";

/**
 * The day step of a page that moves or books a visit in steps (the customer's manage
 * page, the staff pages): the same day chips as /book, in a GET form. Without
 * JavaScript, "Show times" reloads the page at the chosen day's times (`#${anchor}`);
 * with it, the step is hidden as on /book (scheduler.css) and choosing a day shows its
 * times at once (`onChoose`, with useChosenDay).
 */
export function DayStep({
  days,
  chosen,
  idPrefix,
  anchor,
  hint,
  noDays,
  hidden,
  onChoose,
}: {
  days: readonly string[];
  chosen: string | null;
  idPrefix: string;
  anchor: string;
  /** After "The next 14 days with open times." */
  hint: string;
  /** Said when no day has an open time. */
  noDays: string;
  /** Fields the GET carries besides the day (e.g. the manage page's step). */
  hidden?: Record<string, string>;
  onChoose: (day: string) => void;
}): ReactNode {
  const hydrated = useHydrated();
  return (
    // Named, so it is told apart from the page's other forms (IBM's aria_form_label_unique).
    <form method="get" action={`#${anchor}`} className="scheduler__days" aria-label="Choose a day">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset className="field choice-group booking-form__days" aria-describedby={`${idPrefix}-hint`}>
        <legend>Day</legend>
        <p id={`${idPrefix}-hint`} className="field__hint">
          The next {SCHEDULER_DAYS} days with open times. {hint}
        </p>
        <DayChips name="date" days={days} chosen={chosen} idPrefix={idPrefix} required onChoose={onChoose} />
        {days.length === 0 ? <p className="booking-form__no-times">{noDays}</p> : null}
      </fieldset>
      {hydrated ? null : (
        <button type="submit" className="button button--secondary booking-form__show-times">
          Show times
        </button>
      )}
    </form>
  );
}

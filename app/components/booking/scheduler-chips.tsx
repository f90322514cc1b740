import { formatDayChoice } from "~/core/store-time";

// The scheduler's chips, one markup wherever a visit is booked or moved: /book,
// the customer's manage page and the staff pages (new appointment, move). Each
// day and each time is a radio button in a chip, the same with and without
// JavaScript; the forms around them decide how the chosen day's times are shown.

interface DayChipsProps {
  name: string;
  /** YYYY-MM-DD, in order. */
  days: readonly string[];
  chosen: string | null | undefined;
  /** The ids are `${idPrefix}-${index}`; an error summary links to the first. */
  idPrefix: string;
  invalid?: boolean;
  required?: boolean;
  onChoose?: (day: string) => void;
}

export function DayChips({ name, days, chosen, idPrefix, invalid, required, onChoose }: DayChipsProps) {
  return (
    <div className="choice-chips">
      {days.map((day, index) => {
        const { weekday, day: dayLabel } = formatDayChoice(day);
        return (
          <label key={day} className="choice-chip">
            <input
              type="radio"
              id={`${idPrefix}-${index}`}
              name={name}
              value={day}
              required={required}
              defaultChecked={chosen === day}
              aria-invalid={invalid ? true : undefined}
              // The input event, not React's onChange (a click, for a radio button): a day picked before the
              // page's scripts ran is announced again with one when they do (early-input.ts).
              onInput={onChoose ? (event) => onChoose(event.currentTarget.value) : undefined}
            />
            <span className="choice-chip__text">
              <span className="choice-chip__weekday">{weekday}</span> {dayLabel}
            </span>
          </label>
        );
      })}
    </div>
  );
}

interface TimeChipsProps {
  name: string;
  /** Slot labels, e.g. "11:00 AM". */
  times: readonly string[];
  chosen: string | null | undefined;
  idPrefix: string;
  invalid?: boolean;
  required?: boolean;
}

export function TimeChips({ name, times, chosen, idPrefix, invalid, required }: TimeChipsProps) {
  return (
    <div className="choice-chips">
      {times.map((time, index) => (
        <label key={time} className="choice-chip">
          <input
            type="radio"
            id={`${idPrefix}-${index}`}
            name={name}
            value={time}
            required={required}
            defaultChecked={chosen === time}
            aria-invalid={invalid ? true : undefined}
          />
          <span className="choice-chip__text">{time}</span>
        </label>
      ))}
    </div>
  );
}

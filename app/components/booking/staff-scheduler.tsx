import { DayStep } from "./day-step";
import { TimeChips } from "./scheduler-chips";
import { ErrorList } from "~/components/ui/forms";
import type { Availability } from "~/leads/rules/appointment";
import type { ReactNode } from "react";

/** Where a staff page opens after "Show times" without JavaScript: at the chosen day's times. */
export const STAFF_TIMES_ANCHOR = "staff-times";

export const DAY_NOT_OFFERED = "That day has no open times. Please choose one of the listed days.";

/** What a staff scheduler page's loader gives: the same days as /book, each with its times. */
export interface StaffSchedulerData {
  days: Availability[];
  /** The day the URL named, if the scheduler offers it. */
  date: string | null;
  /** That day's times (`?date=`: also what useDayTimes reads). */
  availability: Availability | null;
  /** A day was asked for that the scheduler does not offer (closed, full or too far). */
  dayNotOffered: boolean;
}

/** Step one of a staff booking or move: the days /book offers, as chips, landing at the times without JavaScript. */
export function StaffDayStep({ days, chosen, onChoose }: { days: readonly string[]; chosen: string | null; onChoose: (date: string) => void }) {
  return (
    <DayStep
      days={days}
      chosen={chosen}
      idPrefix="staff-date"
      anchor={STAFF_TIMES_ANCHOR}
      hint="Customers see the same days on the website."
      noDays="No open times are left in the next weeks."
      onChoose={onChoose}
    />
  );
}

/** Step two of a staff booking or move: the chosen day's open times, under a heading that names the day. */
export function StaffTimePicker({
  date,
  dateLabel,
  times,
  chosen,
  errors,
  children,
}: {
  date: string;
  dateLabel: string;
  times: readonly string[];
  chosen: string | null | undefined;
  errors: string[] | undefined;
  children?: ReactNode;
}) {
  return (
    <div id={STAFF_TIMES_ANCHOR} className="staff-scheduler__times">
      <h2 className="scheduler__times-heading">Open times on {dateLabel}</h2>
      <input type="hidden" name="date" value={date} />
      {times.length === 0 ? (
        <p className="booking-form__no-times">No open times are left on this day. Please choose another day.</p>
      ) : (
        // A new day is new chips: nothing of the last day's choice stays checked.
        <fieldset key={date} className="field choice-group" aria-describedby={errors?.length ? "staff-time-error" : undefined}>
          <legend className="visually-hidden">Time on {dateLabel}</legend>
          <TimeChips name="time" times={times} chosen={chosen} idPrefix="staff-time" invalid={Boolean(errors?.length)} required />
          <ErrorList id="staff-time-error" errors={errors} />
        </fieldset>
      )}
      {children}
    </div>
  );
}

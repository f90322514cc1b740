import { DayChips, TimeChips } from "./scheduler-chips";
import { ErrorList, FormErrors } from "~/components/ui/forms";
import { SCHEDULER_DAYS } from "~/core/slots";
import type { ReactNode } from "react";

/** Where a staff page opens after "Show times": at the chosen day's times. */
export const STAFF_TIMES_ANCHOR = "staff-times";

export interface StaffSchedulerData {
  days: string[];
  date: string | null;
  dateLabel: string | null;
  times: string[];
  dayNotOffered: boolean;
}

/**
 * Step one of a staff booking or move: the same day chips as /book. A plain GET
 * form, the same with and without JavaScript: "Show times" opens the page at the
 * chosen day's times (#staff-times).
 */
export function StaffDayPicker({ scheduler }: { scheduler: StaffSchedulerData }) {
  return (
    <form method="get" action={`#${STAFF_TIMES_ANCHOR}`} className="staff-scheduler__days">
      <fieldset className="field choice-group booking-form__days" aria-describedby="staff-date-hint">
        <legend>Day</legend>
        <p id="staff-date-hint" className="field__hint">
          The next {SCHEDULER_DAYS} days with open times, as on the website.
        </p>
        <DayChips name="date" days={scheduler.days} chosen={scheduler.date} idPrefix="staff-date" required />
        {scheduler.days.length === 0 ? <p className="booking-form__no-times">No open times are left in the next weeks.</p> : null}
      </fieldset>
      <button type="submit" className="button button--secondary">
        Show times
      </button>
      {scheduler.dayNotOffered ? <FormErrors errors={["That day has no open times. Please choose one of the listed days."]} /> : null}
    </form>
  );
}

/** Step two: the chosen day's open times, under a heading that names the day. */
export function StaffTimePicker({
  scheduler,
  chosen,
  errors,
  children,
}: {
  scheduler: StaffSchedulerData & { date: string };
  chosen: string | null | undefined;
  errors: string[] | undefined;
  children?: ReactNode;
}) {
  return (
    <div id={STAFF_TIMES_ANCHOR} className="staff-scheduler__times">
      <h2 className="scheduler__times-heading">Open times on {scheduler.dateLabel}</h2>
      <input type="hidden" name="date" value={scheduler.date} />
      {scheduler.times.length === 0 ? (
        <p className="booking-form__no-times">No open times are left on this day. Please choose another day.</p>
      ) : (
        <fieldset className="field choice-group" aria-describedby={errors?.length ? "staff-time-error" : undefined}>
          <legend className="visually-hidden">Time on {scheduler.dateLabel}</legend>
          <TimeChips name="time" times={scheduler.times} chosen={chosen} idPrefix="staff-time" invalid={Boolean(errors?.length)} required />
          <ErrorList id="staff-time-error" errors={errors} />
        </fieldset>
      )}
      {children}
    </div>
  );
}

import { specialDayLabel, type SpecialDay } from "~/core/slots";

/**
 * The store's special days of the next two weeks, on the form pages (/book,
 * /contactus): "Special hours: Thu Dec 24: 10 AM–3 PM · Fri Dec 25: closed".
 * Nothing when there are none.
 */
export function SpecialDaysNotice({ days }: { days: readonly SpecialDay[] }) {
  if (days.length === 0) return null;
  return (
    <p className="special-days">
      <strong>Special hours:</strong>{" "}
      {days.map((day, index) => (
        <span key={day.date}>
          {index > 0 ? " · " : null}
          {specialDayLabel(day)}
          {day.note ? ` (${day.note})` : null}
        </span>
      ))}
    </p>
  );
}

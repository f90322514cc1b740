import { TIMELINE_LINE_KINDS, type TimelineEntry } from "~/core/timeline";

/**
 * A record's timeline (decision 140), newest first: its notes, status changes, messages sent and received, and the
 * visit moved or cancelled, as one list. React escapes every word shown, a note's included.
 */
export function RecordTimeline({ lines }: { lines: (TimelineEntry & { atLabel: string })[] }) {
  if (lines.length === 0) return <p className="muted">No notes, messages or changes yet.</p>;
  return (
    <ol className="record-history" aria-label="Timeline, newest first">
      {lines.map((line, index) => (
        <li key={`${line.at}-${index}`} className={`record-history__item record-history__item--${line.kind}`}>
          <p className="record-history__title">
            <span className="record-history__kind">{TIMELINE_LINE_KINDS[line.kind]}</span> {line.kind === "note" ? null : line.title}
          </p>
          {line.body ? <p className="record-history__body">{line.body}</p> : null}
          <p className="record-history__when">
            <time dateTime={new Date(line.at).toISOString()}>{line.atLabel}</time>
            {line.by ? <> · {line.by}</> : null}
            {line.status ? <> · <span className={line.problem ? "record-history__problem" : undefined}>{line.status}</span></> : null}
          </p>
        </li>
      ))}
    </ol>
  );
}

import { TIMELINE_LINE_KINDS, type TimelineEntry } from "~/core/timeline";

/**
 * A record's timeline (decision 140), newest first: its notes, status changes, messages sent and received, and the
 * visit moved or cancelled, as one list. React escapes every word shown, a note's included.
 */
export function RecordTimeline({ lines }: { lines: (TimelineEntry & { atLabel: string })[] }) {
  return (
    <>
      <h3 id="record-timeline-title" className="record__subtitle">
        Timeline, newest first
      </h3>
      {lines.length === 0 ? <p className="muted">No notes, messages or changes yet.</p> : <TimelineList lines={lines} />}
    </>
  );
}

function TimelineList({ lines }: { lines: (TimelineEntry & { atLabel: string })[] }) {
  return (
    <ol className="record-history" aria-labelledby="record-timeline-title">
      {lines.map((line, index) => (
        <li key={`${line.at}-${index}`} className={`record-history__item record-history__item--${line.kind}`}>
          <p className="record-history__title">
            <span className="record-history__kind">{TIMELINE_LINE_KINDS[line.kind]}</span> {line.kind === "note" ? null : line.title}
          </p>
          {line.body ? <p className="record-history__body">{line.body}</p> : null}
          <p className="record-history__when">
            <time dateTime={new Date(line.at).toISOString()}>{line.atLabel}</time>
            {line.by ? <> · <span className="record-history__by">{line.by}</span></> : null}
            {line.status ? <> · <span className={line.problem ? "record-history__problem" : undefined}>{line.status}</span></> : null}
          </p>
        </li>
      ))}
    </ol>
  );
}

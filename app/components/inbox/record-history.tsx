import type { HistoryEntry } from "~/inbox/rules";

const KIND_LABELS: Record<HistoryEntry["kind"], string> = {
  change: "Change",
  sent: "Sent",
  outgoing: "Outgoing",
  withdrawn: "Withdrawn",
  received: "Received",
};

/** What happened after the lead arrived, oldest first: the visitor's changes, messages out and texts in. */
export function RecordHistory({ entries }: { entries: (HistoryEntry & { atLabel?: string })[] }) {
  if (entries.length === 0) return <p className="muted">No messages or changes yet.</p>;
  return (
    <ol className="record-history">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className={`record-history__item record-history__item--${entry.kind}`}>
          <p className="record-history__title">
            <span className="record-history__kind">{KIND_LABELS[entry.kind]}</span> {entry.title}
          </p>
          <p className="record-history__when">
            <time dateTime={new Date(entry.at).toISOString()}>{entry.atLabel}</time>
            {entry.status ? <> · <span className={entry.problem ? "record-history__problem" : undefined}>{entry.status}</span></> : null}
          </p>
          {entry.body ? <p className="record-history__body">{entry.body}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** A message to the customer as the repair's page lists it. */
export interface ShownMessage {
  id: number;
  channel: string;
  status: string;
  when: string;
  note: string | null;
}

/** The messages of one kind queued for the repair: what went, what waits, what was withdrawn. */
export function RepairMessages({ title, messages }: { title: string; messages: ShownMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <>
      <h3 className="record__subtitle">{title}</h3>
      <ul className="repair-history">
        {messages.map((message) => (
          <li key={message.id}>
            {message.channel}: {message.status === "pending" ? `waiting, goes ${message.when}` : message.status === "sent" ? `sent ${message.when}` : message.status}
            {message.note && message.status !== "sent" ? <span className="muted"> · {message.note}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

import { UNREAD_CAP } from "~/core/staff-lists";

// The server stops counting at UNREAD_CAP, so the cap itself means "99+".

export function UnreadBadge({ count, testId }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  const shown = count >= UNREAD_CAP ? `${UNREAD_CAP - 1}+` : String(count);
  return (
    <span className="unread-badge" data-testid={testId} data-count={count}>
      {shown}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}

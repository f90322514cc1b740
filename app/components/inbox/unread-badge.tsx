/** The server stops counting at 100 (see dashboard-unread.server.ts), so 100 means "99+". */
const BADGE_CAP = 100;

export function UnreadBadge({ count, testId }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  const shown = count >= BADGE_CAP ? "99+" : String(count);
  return (
    <span className="unread-badge" data-testid={testId} data-count={count}>
      {shown}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}

// Deletes what the privacy policy (/privacy, "How long we keep records") says we
// no longer keep. Runs from the Cron Trigger; each run removes a bounded batch
// per table so a large backlog drains over several runs instead of one long query.

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export const RETENTION = {
  /** Contact messages and custom order requests. */
  leadsMs: 730 * DAY_MS,
  /** Appointments, counted from the appointment itself. */
  appointmentsMs: 365 * DAY_MS,
  /** Copies of staff notification e-mails. */
  outboxMs: 90 * DAY_MS,
  /** Spam-protection and sign-in counters by IP or e-mail. */
  rateLimitsMs: 60 * 60 * 1000,
  /** The staff audit trail (a trigger refuses deleting anything younger). */
  auditMs: 730 * DAY_MS,
  /** Staff sessions, counted from their last use (they end after 12 idle hours). */
  sessionsMs: 12 * 60 * 60 * 1000,
} as const;

function purgeOlderThan(env: Env, table: string, column: string, cutoff: number) {
  // Table and column names are constants from this file, never input.
  return env.DB.prepare(
    `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${column} < ? LIMIT ${BATCH})`,
  ).bind(cutoff);
}

export async function purgeExpiredRecords(env: Env, now = Date.now()): Promise<number> {
  const results = await env.DB.batch([
    purgeOlderThan(env, "contact_messages", "created_at", now - RETENTION.leadsMs),
    purgeOlderThan(env, "orders", "created_at", now - RETENTION.leadsMs),
    purgeOlderThan(env, "appointments", "starts_at", now - RETENTION.appointmentsMs),
    purgeOlderThan(env, "outbox", "created_at", now - RETENTION.outboxMs),
    purgeOlderThan(env, "rate_limits", "window_start", now - RETENTION.rateLimitsMs),
    purgeOlderThan(env, "sessions", "last_seen_at", now - RETENTION.sessionsMs),
    purgeOlderThan(env, "passkey_challenges", "expires_at", now),
    purgeOlderThan(env, "invitations", "expires_at", now - RETENTION.sessionsMs),
    purgeOlderThan(env, "audit_log", "created_at", now - RETENTION.auditMs),
  ]);
  return results.reduce((total, result) => total + (result.meta.changes ?? 0), 0);
}

import { desc, lt, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { describeDevice } from "~/auth/device-label";
import { staffUserContext } from "~/auth/guard.server";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { clientIp, clientKey } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { csvLine, csvStream } from "~/http/csv";
import { storeTimestamp } from "~/core/store-time";

// The audit trail (docs/decisions/059): who did what, when, from which address
// and browser. The app only ever appends; the table's triggers refuse edits and
// early deletes, and the retention job removes entries after 2 years.

const AUDIT_ACTIONS = {
  "sign-in": "Signed in",
  "sign-in-failed": "Failed sign-in",
  "sign-out": "Signed out",
  "sign-out-everywhere": "Signed out everywhere",
  "session-ended": "Ended a session",
  "password-changed": "Changed their password",
  "password-set": "Set a password from a link",
  "passkey-added": "Added a passkey",
  "passkey-removed": "Removed a passkey",
  "staff-invited": "Invited a staff member",
  "staff-removed": "Removed a staff member",
  "staff-password-reset": "Reset a staff member's password",
  "ownership-transferred": "Transferred ownership",
  "lead-status-changed": "Changed a lead's status",
  "lead-updated": "Saved a lead's status and note",
  "text-sent": "Sent a text",
  "note-added": "Added a note",
  "leads-exported": "Exported leads (CSV)",
  "audit-exported": "Exported the audit trail (CSV)",
  "repair-created": "Logged a repair",
  "repair-status-changed": "Changed a repair's status",
  "repair-photos-added": "Added completion photos to a repair",
  "estimate-requested": "Sent an estimate for approval",
  // The customer's answer on /repair (actor: the customer, online; decision 141).
  "estimate-approved": "Approved an estimate",
  "estimate-declined": "Declined an estimate",
  "repairs-exported": "Exported repairs (CSV)",
  "texts-exported": "Exported texts (CSV)",
  "texts-attached": "Attached texts to a record",
  "special-day-added": "Set a special day",
  "special-day-removed": "Removed a special day",
  "blocked-time-added": "Blocked a time",
  "blocked-time-removed": "Removed a blocked time",
  "move-requested": "Asked a customer to move a visit",
  "appointment-booked": "Booked an appointment by phone",
  "appointment-moved": "Moved an appointment",
  "appointment-cancelled": "Cancelled an appointment",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

function actionLabel(action: string): string {
  return action in AUDIT_ACTIONS ? AUDIT_ACTIONS[action as AuditAction] : action;
}

/** Who acted: a staff member, or for a failed sign-in the address typed (id when it matches an account). */
export interface AuditActor {
  id: number | null;
  email: string;
}

/** Appends one entry. `details` is a short record of what was asked (filters, counts), never lead data. */
export async function recordAudit(
  env: Env,
  request: Request,
  actor: AuditActor,
  action: AuditAction,
  entry: { target?: string; details?: Record<string, string | number | boolean | null> } = {},
): Promise<void> {
  await getDb(env)
    .insert(auditLog)
    .values({
      actorId: actor.id,
      actorEmail: actor.email.slice(0, 254),
      action,
      target: (entry.target ?? "").slice(0, 300),
      details: entry.details ? JSON.stringify(entry.details).slice(0, 1000) : "",
      ip: clientIp(request),
      userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 300),
    });
}

/** Failed sign-ins on one key within this long share one entry, which counts them. */
const FAILURE_ROLLUP_MS = 15 * 60 * 1000;

/**
 * Records a failed sign-in as anonymous visitors may cause it, so it costs the
 * trail little (docs/decisions/089): only facts the site chose, no typed text
 * (an unknown account is not named, the browser is its device label), and the
 * tries of one account (or of no account), method and client network within 15 minutes
 * roll up into one entry with a count. A paused try is not recorded at all.
 */
export async function recordFailedSignIn(
  env: Env,
  request: Request,
  failure: { account: AuditActor | null; method: "password" | "passkey"; reason: string },
): Promise<void> {
  const now = Date.now();
  const ip = clientIp(request);
  const window = Math.floor(now / FAILURE_ROLLUP_MS);
  // Keyed by the client's network, so one IPv6 /64 rolls up as one address does (decision 134); the entry keeps its first address.
  const rollupKey = `sign-in-failed:${failure.method}:${failure.account?.id ?? "none"}:${clientKey(request)}:${window}`;
  await getDb(env)
    .insert(auditLog)
    .values({
      createdAt: new Date(now),
      actorId: failure.account?.id ?? null,
      actorEmail: failure.account?.email ?? "",
      action: "sign-in-failed",
      details: JSON.stringify({ method: failure.method, reason: failure.reason, device: describeDevice(request.headers.get("User-Agent") ?? "") }),
      ip,
      userAgent: "",
      rollupKey,
    })
    .onConflictDoUpdate({ target: auditLog.rollupKey, set: { count: sql`${auditLog.count} + 1`, lastAt: new Date(now) } });
}

/** What the trail says an entry did: its action, and for a rolled-up one how often and until when. */
export function actionText(entry: { action: string; count: number; lastAt: Date | null }): string {
  const label = actionLabel(entry.action);
  if (entry.count <= 1) return label;
  return `${label} (${entry.count} times${entry.lastAt ? `, the last at ${storeTimestamp(entry.lastAt.getTime())}` : ""})`;
}

/** Appends an entry for the signed-in staff member of a guarded route. */
export function auditStaffAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  action: AuditAction,
  entry?: Parameters<typeof recordAudit>[4],
): Promise<void> {
  const user = context.get(staffUserContext);
  return recordAudit(getCloudflare(context).env, request, { id: user.id, email: user.email }, action, entry);
}

const AUDIT_PAGE_SIZE = 50;

/** One page of the trail, newest first; `before` is the id the previous page ended at. */
export async function auditPage(env: Env, before: number | null) {
  const rows = await getDb(env)
    .select()
    .from(auditLog)
    .where(before ? lt(auditLog.id, before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const entries = rows.slice(0, AUDIT_PAGE_SIZE);
  return { entries, olderBefore: rows.length > AUDIT_PAGE_SIZE ? entries[entries.length - 1]!.id : null };
}

const CSV_BATCH = 500;

/** The whole trail as CSV, newest first, streamed in keyset batches; calls `onDone` with the row count. */
export function streamAuditCsv(env: Env, onDone: (rows: number, complete: boolean) => void): ReadableStream<Uint8Array> {
  let before: number | null = null;
  return csvStream(
    csvLine(["When (Central)", "Who", "Action", "Target", "Details", "IP", "Browser"]),
    async () => {
      const batch = await getDb(env)
        .select()
        .from(auditLog)
        .where(before ? lt(auditLog.id, before) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(CSV_BATCH);
      before = batch.at(-1)?.id ?? before;
      return {
        lines: batch.map((entry) =>
          csvLine([storeTimestamp(entry.createdAt.getTime()), entry.actorEmail, actionText(entry), entry.target, entry.details, entry.ip, entry.userAgent]),
        ),
        more: batch.length === CSV_BATCH,
      };
    },
    onDone,
  );
}

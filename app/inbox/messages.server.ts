import { and, desc, eq, inArray, not, sql } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { auditStaffAction } from "~/audit/log.server";
import { staffUserContext } from "~/auth/guard.server";
import { messaging } from "~/config/messaging";
import { getDb, type Db } from "~/db/client.server";
import { appointments, leadEvents, outbox, smsInbound } from "~/db/schema";
import { parseForm } from "~/http/form.server";
import { d1RateLimiter, waitFor } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { LEADS, type LeadKind } from "~/core/lead-kinds";
import { formatPhone, textablePhone } from "~/core/phone";
import { formatStoreDateTime } from "~/core/store-time";
import { outsideQuietHours } from "~/core/reminders";
import { announceLeadChange } from "../../party/client.server";
import { STAFF_KINDS } from "~/messaging/message-kinds";
import { queueLeadMessage, textMessage } from "~/messaging/outbox.server";
import { deliverQueued } from "~/messaging/outbox-delivery.server";
import { storeCapReached, storeTextsInLastDay, TEXT_REFUSALS, textPermission } from "~/messaging/text-permission.server";
import { configuredSmsSender } from "~/messaging/twilio.server";
import { staffText } from "~/messaging/visitor-messages";
import { getLead } from "./queries.server";
import { StaffTextSchema, type TextingState } from "./rules";
import type { TimelineEntry } from "~/core/timeline";
import { messageLine } from "~/messaging/message-line";
import { leadHref } from "~/core/dashboard-links";

// A lead's messages for staff: its own lines of the record's timeline (what the
// visitor changed, every e-mail and text sent to them, every text received from
// their number; app/dashboard/record-timeline.server.ts adds the notes and status
// changes) and the staff text form, which may send only to a number with consent
// and not opted out.

const HISTORY_LIMIT = 100;

/**
 * A lead's own timeline lines, the newest of each source, one list per source in the order one change makes them
 * (the visitor's change, then the message it queued; a text received) for newestFirst.
 */
export async function leadTimelineLines(db: Db, lead: { kind: LeadKind; id: number; phone: string; createdAt: number }, now = Date.now()): Promise<TimelineEntry[][]> {
  const phone = textablePhone(lead.phone);
  const [events, sent, received] = await db.batch([
    db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadKind, lead.kind), eq(leadEvents.recordId, lead.id)))
      .orderBy(desc(leadEvents.createdAt))
      .limit(HISTORY_LIMIT),
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.leadKind, lead.kind), eq(outbox.recordId, lead.id), not(inArray(outbox.kind, STAFF_KINDS))))
      .orderBy(desc(outbox.createdAt))
      .limit(HISTORY_LIMIT),
    db
      .select()
      .from(smsInbound)
      // Texts from this number since shortly before the lead arrived: its replies, STOP and HELP.
      .where(and(eq(smsInbound.fromPhone, phone ?? ""), sql`${smsInbound.createdAt} >= ${lead.createdAt - 24 * 60 * 60 * 1000}`))
      .orderBy(desc(smsInbound.createdAt))
      .limit(HISTORY_LIMIT),
  ]);
  return [
    events.map((event): TimelineEntry => ({
      at: event.createdAt.getTime(),
      kind: "change",
      // The detail says who: the visitor on their manage page, or the clerk who did it for them.
      title: event.type === "cancelled" ? "Visit cancelled" : "Visit moved",
      body: event.detail,
      seq: event.id,
    })),
    sent.map((row) => messageLine(row, now)),
    received.map((row): TimelineEntry => ({
      at: row.createdAt.getTime(),
      kind: "received",
      title: `Text received from ${formatPhone(row.fromPhone)}`,
      body: row.body,
      status: row.keyword ? `Keyword ${row.keyword.toUpperCase()}` : undefined,
      seq: row.id,
    })),
  ];
}

/** Whether staff may text this lead's number now, and if not, why (the button says it): only with the consent given with this lead. */
export async function textingState(env: Env, db: Db, lead: { kind: LeadKind; id: number; phone: string }, now = Date.now()): Promise<TextingState> {
  const permission = await textPermission(db, lead.phone, { purpose: "transactional", record: { kind: lead.kind, id: lead.id } });
  const capReached = storeCapReached(await storeTextsInLastDay(db, now));
  const refusal = !permission.ok
    ? TEXT_REFUSALS[permission.reason]
    : capReached
      ? `The store's limit of ${messaging.storeTextsPerDay} texts in 24 hours is reached. Try again later.`
      : null;
  return {
    to: permission.phone ? formatPhone(permission.phone) : null,
    refusal,
    providerReady: configuredSmsSender(env) !== null,
    formId: crypto.randomUUID(),
    maxLength: messaging.staffTextMaxLength,
  };
}

/** The e-mail a visitor gave with their booking (contact and order forms keep theirs on the lead). */
export async function bookingEmail(db: Db, id: number): Promise<string | null> {
  const row = await db.query.appointments.findFirst({ columns: { email: true }, where: eq(appointments.id, id) });
  return row?.email ?? null;
}

/** The record page's text form: checks, limits, queues once per form, then sends after the response. */
export async function sendStaffText(context: Readonly<RouterContextProvider>, request: Request, kind: LeadKind, id: number, formData: FormData) {
  const { env, ctx } = getCloudflare(context);
  const db = getDb(env);
  const submission = parseForm(formData, StaffTextSchema);
  if (submission.status !== "success") return data({ textResult: submission.reply() }, { status: 400 });

  const lead = await getLead(env, kind, id);
  if (!lead) throw data("Not found", { status: 404 });
  const now = Date.now();
  const state = await textingState(env, db, lead, now);
  if (state.refusal) return data({ textResult: submission.reply({ formErrors: [state.refusal] }) }, { status: 409 });

  const user = context.get(staffUserContext);
  const limit = await d1RateLimiter(env, { limit: messaging.staffTextsPerHour, windowMs: 60 * 60 * 1000 }).hit(`staff-text:${user.id}`);
  if (!limit.allowed) {
    const message = `You have sent ${messaging.staffTextsPerHour} texts this hour. Please wait ${waitFor(limit)}.`;
    return data({ textResult: submission.reply({ formErrors: [message] }) }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }

  // Written in the quiet hours, it waits for their end like every text that is not an answer to the customer's own act.
  const sendAt = outsideQuietHours(now);
  const text = textMessage("staff-text", textablePhone(lead.phone)!, staffText(submission.value.message), { sendAt });
  const [queued] = await db.batch([
    queueLeadMessage(db, { kind, id, dedupeKey: `staff-text:${submission.value.formId}`, sentBy: user.email }, text, now),
  ]);
  // Who sent it: on the outbox row above, and in the audit trail (a repeated form queued nothing, and records nothing).
  if (queued.length > 0) await auditStaffAction(context, request, "text-sent", { target: `${LEADS[kind].list} #${id}`, details: { outboxId: queued[0]!.id } });
  deliverQueued(env, ctx, queued, now);
  ctx.waitUntil(announceLeadChange(env, kind, id));
  return redirectWithToast(context, leadHref(kind, id), {
    type: "success",
    message: !state.providerReady
      ? "Text saved; it is sent once the SMS provider is connected."
      : sendAt > now
        ? `Text saved; it is sent at ${formatStoreDateTime(sendAt)}, when the quiet hours end.`
        : "Text on its way.",
  });
}

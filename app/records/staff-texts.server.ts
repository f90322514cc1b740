import { sql } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { auditStaffAction } from "~/audit/log.server";
import { staffUserContext } from "~/auth/guard.server";
import { messaging } from "~/config/messaging";
import { getDb, type Db } from "~/db/client.server";
import { outbox, repairs, smsInbound } from "~/db/schema";
import { parseForm } from "~/http/form.server";
import { d1RateLimiter, waitFor } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { kindOfList } from "~/core/lead-kinds";
import { formatPhone, textablePhone } from "~/core/phone";
import { recordHref, type StaffList } from "~/core/staff-lists";
import { formatStoreDateTime } from "~/core/store-time";
import { outsideQuietHours } from "~/core/reminders";
import { announceRecordChange } from "../../party/client.server";
import { queueLeadMessage, queueMessage, textMessage } from "~/messaging/outbox.server";
import { deliverQueued } from "~/messaging/outbox-delivery.server";
import { storeCapReached, storeTextsInLastDay, TEXT_REFUSALS, textPermission, type TextPurpose } from "~/messaging/text-permission.server";
import { configuredSmsSender } from "~/messaging/twilio.server";
import { staffText } from "~/messaging/visitor-messages";
import { StaffTextSchema, type TextingState } from "./rules";

// A clerk's text to the customer, from any record page (decision 144): the form's state and its post. A text needs
// the consent given with the record (a lead's form, a repair's counter consent; an order's form asks for none; a
// text in the Texts list, that its number texted the store in the last 48 hours), never
// goes to a number that sent STOP, counts against the store's daily cap and the clerk's hourly one, and waits out
// the quiet hours. The outbox checks consent and opt-out again when it sends (outbox-gate.server.ts).

/** The record a clerk texts from, as its page loaded it. */
export interface TextedRecord {
  list: StaffList;
  id: number;
  phone: string;
}

/** The consent a clerk's text from this record relies on. */
function purposeOf(record: TextedRecord): TextPurpose {
  if (record.list === "texts") return { purpose: "reply" };
  const kind = kindOfList(record.list);
  return kind ? { purpose: "transactional", record: { kind, id: record.id } } : { purpose: "repair-updates", record: { kind: "repair", id: record.id } };
}

/** Whether staff may text this record's number now, and if not, why (the form says it, by the field). */
export async function textingState(env: Env, db: Db, record: TextedRecord, now = Date.now()): Promise<TextingState> {
  const permission = await textPermission(db, record.phone, purposeOf(record), now);
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

/** The batch statement that queues a clerk's text about this record, once per form. */
function queueClerkText(db: Db, record: TextedRecord, clerk: { formId: string; sentBy: string; message: string; sendAt: number }, now: number) {
  const { formId, sentBy, message, sendAt } = clerk;
  const dedupeKey = `staff-text:${formId}`;
  const kind = kindOfList(record.list);
  const to = textablePhone(record.phone)!;
  if (kind) return queueLeadMessage(db, { kind, id: record.id, dedupeKey, sentBy }, textMessage("staff-text", to, staffText(message), { sendAt }), now);
  // A repair's text, or an answer from the Texts list: about the row it names, queued only while that row exists.
  const table = record.list === "texts" ? smsInbound : repairs;
  return queueMessage(
    db,
    textMessage(record.list === "texts" ? "text-reply" : "repair-text", to, staffText(message), { sendAt }),
    {
      leadKind: null,
      recordId: sql`${table.id}`,
      from: sql`FROM ${table} WHERE ${table.id} = ${record.id} AND NOT EXISTS (SELECT 1 FROM ${outbox} WHERE ${outbox.dedupeKey} = ${dedupeKey})`,
      dedupeKey,
      sentBy,
    },
    now,
  );
}

/**
 * A record page's text form: checks, limits, queues once per form, then sends after the response. A refusal (STOP,
 * no consent, the store's cap) is said by the field, with a 409, and the clerk's words stay in it.
 */
export async function sendStaffText(context: Readonly<RouterContextProvider>, request: Request, record: TextedRecord, formData: FormData) {
  const { env, ctx } = getCloudflare(context);
  const db = getDb(env);
  const submission = parseForm(formData, StaffTextSchema);
  if (submission.status !== "success") return data({ textResult: submission.reply() }, { status: 400 });

  const now = Date.now();
  const state = await textingState(env, db, record, now);
  if (state.refusal) return data({ textResult: submission.reply({ fieldErrors: { message: [state.refusal] } }) }, { status: 409 });

  const user = context.get(staffUserContext);
  const limit = await d1RateLimiter(env, { limit: messaging.staffTextsPerHour, windowMs: 60 * 60 * 1000 }).hit(`staff-text:${user.id}`);
  if (!limit.allowed) {
    const message = `You have sent ${messaging.staffTextsPerHour} texts this hour. Please wait ${waitFor(limit)}.`;
    return data({ textResult: submission.reply({ formErrors: [message] }) }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }

  // Written in the quiet hours, it waits for their end like every text that is not an answer to the customer's own act.
  const sendAt = outsideQuietHours(now);
  const [queued] = await db.batch([queueClerkText(db, record, { formId: submission.value.formId, sentBy: user.email, message: submission.value.message, sendAt }, now)]);
  // Who sent it: on the outbox row above, and in the audit trail (a repeated form queued nothing, and records nothing).
  if (queued.length > 0) await auditStaffAction(context, request, "text-sent", { target: `${record.list} #${record.id}`, details: { outboxId: queued[0]!.id } });
  deliverQueued(env, ctx, queued, now);
  ctx.waitUntil(announceRecordChange(env, record.list, record.id));
  return redirectWithToast(context, recordHref(record.list, record.id), {
    type: "success",
    message: !state.providerReady
      ? "Text saved; it is sent once the SMS provider is connected."
      : sendAt > now
        ? `Text saved; it is sent at ${formatStoreDateTime(sendAt)}, when the quiet hours end.`
        : "Text on its way.",
  });
}

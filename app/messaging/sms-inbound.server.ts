import { and, eq, exists, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { consentRecords, outbox, smsInbound, smsOptOuts } from "~/db/schema";
import { announceRecord, announceRecordChange } from "../../party/client.server";
import { recordHref } from "~/core/staff-lists";
import { customerTextArrival, recordsOfNumber, type RecordOfNumber } from "./customer-texts.server";
import { queueMessage, textMessage } from "./outbox.server";
import { deliverQueued } from "./outbox-delivery.server";
import { notifyStaff } from "./push.server";
import { signedTwilioForm, TWILIO_MESSAGE_SID, webhookAnswer } from "./twilio.server";
import { helpReplyText, promoWelcomeText, stopReplyText } from "./visitor-messages";

// Texts people send to the store's number, as Twilio's Messaging webhook posts
// them (docs/decisions/068). Only a request Twilio signed is read; then the text
// is stored once (Twilio retries with the same MessageSid), STOP and its
// synonyms put the number on the opt-out list, START takes it off. HELP and
// STOP are answered, through the outbox like every other text, whoever sent
// them (CTIA asks it of every sender), at most once per number per day. YES
// confirms a request for promotions made on a form, once the number was sent
// the text that asks for it (decision 135), and is answered once. Every text
// lands on its sender's records (decision 144): stored against the newest, shown
// on each, and every open page of them is told at once.

/** CTIA's keywords (Messaging Principles and Best Practices), as Twilio's own opt-out handling knows them. */
const KEYWORDS = {
  stop: ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"],
  start: ["START", "UNSTOP"],
  help: ["HELP", "INFO"],
  yes: ["YES"],
} as const;

export type Keyword = keyof typeof KEYWORDS;

/** A text that is only a keyword, in any case, with spaces around it ("stop", " STOP "); "please stop texting me" is not one. */
export function keywordOf(body: string): Keyword | null {
  const word = body.trim().toUpperCase();
  return (Object.keys(KEYWORDS) as Keyword[]).find((keyword) => (KEYWORDS[keyword] as readonly string[]).includes(word)) ?? null;
}

/** The answer each keyword gets. START gets none of ours: texting may resume, and the next text says who we are. */
const KEYWORD_REPLIES = {
  help: { kind: "help-reply", text: helpReplyText },
  stop: { kind: "stop-reply", text: stopReplyText },
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A YES confirms a request for promotions only this long after the text that asked for it was sent. */
const PROMO_CONFIRMATION_VALID_MS = 30 * DAY_MS;

const E164 = /^\+[1-9]\d{6,14}$/;

const EMPTY_TWIML = `<?xml version="1.0" encoding="UTF-8"?><Response></Response>`;

export async function receiveText(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const params = await signedTwilioForm(request, env.TWILIO_AUTH_TOKEN);
  if (!params) return webhookAnswer(403, "Forbidden");

  const messageSid = params.get("MessageSid");
  const from = params.get("From");
  const to = params.get("To");
  const body = params.get("Body");
  if (!messageSid || !TWILIO_MESSAGE_SID.test(messageSid) || !from || !E164.test(from) || !to || body === undefined) {
    return webhookAnswer(400, "Bad request: MessageSid, From, To and Body are required.");
  }

  const db = getDb(env);
  const now = Date.now();
  const keyword = keywordOf(body);
  // Twilio joins a long text into one Body of up to 1,600 characters; a longer one (the request guard caps its
  // size) is stored whole all the same, as is any character in it: nothing a customer sent is lost (decision 144).
  const records = await recordsOfNumber(db, from);
  const landing = records[0];
  const inbound = sql`FROM ${smsInbound} i WHERE i.message_sid = ${messageSid}`;
  const results = await db.batch([
    db
      .insert(smsInbound)
      .values({ messageSid, fromPhone: from, toPhone: to, body, keyword, createdAt: new Date(now), list: landing?.list ?? "texts", recordId: landing?.id ?? null })
      .onConflictDoNothing()
      .returning({ id: smsInbound.id, createdAt: smsInbound.createdAt }),
    // STOP or START, once per received text: a retried webhook finds the row it already wrote.
    ...(keyword === "stop" || keyword === "start"
      ? [
          insertSelect(
            db,
            smsOptOuts,
            {
              id: sql`NULL`,
              phone: sql`i.from_phone`,
              action: sql`${keyword}`,
              keyword: sql`${body.trim().toUpperCase().slice(0, 20)}`,
              createdAt: sql`i.created_at`,
            },
            sql`${inbound} AND NOT EXISTS (SELECT 1 FROM ${smsOptOuts} o WHERE o.phone = i.from_phone AND o.created_at >= i.created_at)`,
          ),
        ]
      : []),
    // The answer to HELP or STOP, unless this number already got one today (a retried webhook included).
    ...(keyword === "help" || keyword === "stop"
      ? [
          queueMessage(
            db,
            textMessage(KEYWORD_REPLIES[keyword].kind, from, KEYWORD_REPLIES[keyword].text()),
            {
              leadKind: null,
              recordId: sql`i.id`,
              from: sql`${inbound} AND NOT EXISTS (SELECT 1 FROM ${outbox} o
                WHERE o.kind = ${KEYWORD_REPLIES[keyword].kind} AND o.channel = 'sms' AND o.recipient = i.from_phone
                  AND o.created_at > ${now - DAY_MS})`,
            },
            now,
          ),
        ]
      : []),
    ...(keyword === "yes" ? confirmPromotions(db, { from, messageSid, now }) : []),
  ] as unknown as Parameters<typeof db.batch>[0]);
  if (keyword === "help" || keyword === "stop" || keyword === "yes") {
    deliverQueued(env, ctx, results[results.length - 1] as { id: number; nextAttemptAt: Date }[], now);
  }
  // Every open page of the sender's records shows the text at once, and the list it landed in raises its badge.
  const [stored] = results[0] as { id: number; createdAt: Date }[];
  ctx.waitUntil(announceCustomerText(env, db, messageSid, records, stored));
  // Staff phones that chose its list hear of a text someone wrote, once (a retried webhook stored nothing);
  // a keyword is answered by the site and needs no clerk.
  if (stored && !keyword) {
    const arrival = customerTextArrival(landing, from, body);
    notifyStaff(env, ctx, { list: arrival.list ?? "texts", path: arrival.recordHref ?? recordHref("texts", stored.id), kind: "Text", name: arrival.senderName, preview: body });
  }
  return webhookAnswer(200, EMPTY_TWIML, "text/xml; charset=utf-8");
}

/**
 * The statements a YES adds to the batch: the number's requests for promotions
 * are confirmed with this reply's MessageSid, if it was sent the text that asks
 * for one within the last 30 days; then, when this YES confirmed one, a
 * welcome that says it is signed up. A retried webhook changes nothing more.
 */
function confirmPromotions(db: ReturnType<typeof getDb>, reply: { from: string; messageSid: string; now: number }) {
  const asked = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, "promo-confirmation"),
        eq(outbox.channel, "sms"),
        eq(outbox.recipient, reply.from),
        eq(outbox.status, "sent"),
        gt(outbox.sentAt, new Date(reply.now - PROMO_CONFIRMATION_VALID_MS)),
      ),
    );
  return [
    db
      .update(consentRecords)
      .set({ confirmedAt: new Date(reply.now), confirmationSid: reply.messageSid })
      .where(
        and(
          eq(consentRecords.phone, reply.from),
          eq(consentRecords.purpose, "promotional"),
          isNull(consentRecords.confirmedAt),
          exists(asked),
        ),
      ),
    queueMessage(
      db,
      textMessage("promo-welcome", reply.from, promoWelcomeText()),
      {
        leadKind: null,
        recordId: sql`c.id`,
        from: sql`FROM ${consentRecords} c WHERE c.confirmation_sid = ${reply.messageSid}
          AND NOT EXISTS (SELECT 1 FROM ${outbox} o WHERE o.kind = 'promo-welcome' AND o.recipient = c.phone AND o.record_id = c.id)
          ORDER BY c.id LIMIT 1`,
      },
      reply.now,
    ),
  ];
}

/** A text of a number with no record arrived in the Texts list; otherwise every record of the number changed. */
async function announceCustomerText(
  env: Env,
  db: ReturnType<typeof getDb>,
  messageSid: string,
  records: RecordOfNumber[],
  stored: { id: number; createdAt: Date } | undefined,
): Promise<void> {
  if (records.length > 0) {
    await Promise.all(records.map((record) => announceRecordChange(env, record.list, record.id)));
    return;
  }
  // The insert returned the new text; a retried webhook's text is read back, and announced again as before.
  const [text] = stored ? [stored] : await db.select({ id: smsInbound.id, createdAt: smsInbound.createdAt }).from(smsInbound).where(eq(smsInbound.messageSid, messageSid)).limit(1);
  if (text) await announceRecord(env, "texts", text);
}

import { and, desc, eq, gte, inArray, isNotNull, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, contactMessages, CUSTOMER_RECORD_TABLES, orders, outbox, repairs, smsInbound } from "~/db/schema";
import { shortName, textPreview, visibleText } from "~/core/customer-text";
import { formatPhone } from "~/core/phone";
import { recordHref, type StaffList } from "~/core/staff-lists";
import type { TimelineEntry } from "~/core/timeline";
import { CLERK_TEXT_KINDS } from "./message-kinds";
import { messageLine } from "./message-line";

// A customer's texts on their records (decision 144). A text is matched by its number (E.164, as every table stores
// it: app/core/phone.ts) to the sender's records of every list, and shows on each of them, with the texts staff sent
// that number, in the record's timeline. It raises the badge of one list: the one holding the sender's newest
// record, which it is stored against (sms_inbound.list, record_id); a number with no record raises none.

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many records of each list a text's number is looked up in: the newest. */
const RECORDS_PER_LIST = 20;
/** How many texts each way a record's timeline shows: the newest. */
const TEXT_LINES = 100;

/** One record a number belongs to. */
export interface RecordOfNumber {
  list: StaffList;
  id: number;
  name: string;
  createdAt: number;
}

/**
 * The records that carry this number, newest first, from every list: the first is where its texts land. A number
 * no record carries lands where a clerk attached its last text from the Texts list, if they did.
 */
export async function recordsOfNumber(db: Db, phone: string): Promise<RecordOfNumber[]> {
  const byNumber = await recordsCarrying(db, phone);
  if (byNumber.length > 0) return byNumber;
  const [attached] = await db
    .select({ list: smsInbound.list, id: smsInbound.recordId })
    .from(smsInbound)
    .where(and(eq(smsInbound.fromPhone, phone), isNotNull(smsInbound.recordId)))
    .orderBy(desc(smsInbound.id))
    .limit(1);
  if (!attached?.list || attached.list === "texts" || attached.id === null) return [];
  const table = CUSTOMER_RECORD_TABLES[attached.list];
  const [record] = await db.select({ id: table.id, name: table.name, createdAt: table.createdAt }).from(table).where(eq(table.id, attached.id)).limit(1);
  return record ? [{ list: attached.list, id: record.id, name: record.name, createdAt: record.createdAt.getTime() }] : [];
}

async function recordsCarrying(db: Db, phone: string): Promise<RecordOfNumber[]> {
  const newest = <T extends typeof appointments | typeof orders | typeof contactMessages | typeof repairs>(table: T) =>
    db
      .select({ id: table.id, name: table.name, createdAt: table.createdAt })
      .from(table)
      .where(eq(table.phone, phone))
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(RECORDS_PER_LIST);
  const lists = ["appointments", "orders", "contacts", "repairs"] as const satisfies StaffList[];
  const results = await db.batch([newest(appointments), newest(orders), newest(contactMessages), newest(repairs)]);
  return results
    .flatMap((rows, at) => rows.map((row) => ({ list: lists[at]!, id: row.id, name: row.name, createdAt: row.createdAt.getTime() })))
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
}

/**
 * What a notice about an arrived text needs, in one place: the list it landed in and its record's address (null for
 * a number with no record), the sender as a notice names them ("Maya T."), and the first words of the text.
 */
export interface CustomerTextArrival {
  list: StaffList | null;
  recordHref: `/${string}` | null;
  senderName: string;
  preview: string;
}

export function customerTextArrival(landing: RecordOfNumber | undefined, from: string, body: string): CustomerTextArrival {
  return {
    list: landing?.list ?? null,
    recordHref: landing ? recordHref(landing.list, landing.id) : null,
    senderName: shortName(landing?.name) ?? formatPhone(from),
    preview: textPreview(body),
  };
}

/**
 * A record's conversation by text, for its timeline: the texts its number sent since shortly before the record
 * arrived (its replies, STOP and HELP) and the texts landed on it, and the texts staff sent that number from any
 * record, each with its delivery state. Two sources, for newestFirst.
 */
export async function conversationLines(
  db: Db,
  list: StaffList,
  record: { id: number; phone: string; createdAt: number },
  now: number,
): Promise<TimelineEntry[][]> {
  const since = new Date(record.createdAt - DAY_MS);
  const [received, sent] = await db.batch([
    db
      .select()
      .from(smsInbound)
      .where(
        or(
          and(eq(smsInbound.fromPhone, record.phone), gte(smsInbound.createdAt, since)),
          and(eq(smsInbound.list, list), eq(smsInbound.recordId, record.id)),
        ),
      )
      .orderBy(desc(smsInbound.id))
      .limit(TEXT_LINES),
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "sms"), inArray(outbox.kind, CLERK_TEXT_KINDS), eq(outbox.recipient, record.phone), gte(outbox.createdAt, since)))
      .orderBy(desc(outbox.id))
      .limit(TEXT_LINES),
  ]);
  return [
    sent.map((row) => messageLine(row, now)),
    received.map((row): TimelineEntry => ({
      at: row.createdAt.getTime(),
      kind: "received",
      title: `Text received from ${formatPhone(row.fromPhone)}`,
      // Stored as sent; shown with its control characters made visible (React escapes the rest).
      body: visibleText(row.body),
      status: row.keyword ? `Keyword ${row.keyword.toUpperCase()}` : undefined,
      seq: row.id,
    })),
  ];
}

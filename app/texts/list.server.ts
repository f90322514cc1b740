import { and, asc, desc, eq, exists, gt, inArray, lt, not, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { appointments, contactMessages, CUSTOMER_RECORD_TABLES, orders, outbox, repairs, smsInbound, textReads } from "~/db/schema";
import { builtStatement, type DbEnv } from "~/db/sql.server";
import { getDb } from "~/db/client.server";
import { keysetPage } from "~/core/keyset-page";
import type { StaffList } from "~/core/staff-lists";
import { CLERK_TEXT_KINDS } from "~/messaging/message-kinds";
import type { TextSearchWord } from "./search";
import type { TextFilter } from "~/core/text-filters";
import { TEXT_PAGE_SIZE, type TextsView } from "./view";

// The Texts list (decision 144): texts from numbers no record has, newest first, one row a text; and what its
// record page does with one: find the customer's record by name and attach the number's texts to it.

/** A row of the list as the page's raw batch reads it. */
export interface TextRow {
  id: number;
  from_phone: string;
  body: string;
  created_at: number;
}

const inTextsList = eq(smsInbound.list, "texts");

/**
 * The column holds `words` as they are, ASCII case aside, like LIKE. Not LIKE: its % _ and \ would need escaping,
 * and D1 refuses a LIKE pattern over 50 bytes with an error, where a clerk may type 100 characters.
 */
function holds(column: SQLiteColumn, words: string): SQL {
  return sql`instr(lower(${column}), lower(${words})) > 0`;
}

/** Every word in the text, or (written like part of a phone number) in the sender's number; each bound. */
function matchingAll(words: readonly TextSearchWord[]): SQL | undefined {
  return and(...words.map(({ word, digits }) => (digits ? or(holds(smsInbound.body, word), holds(smsInbound.fromPhone, digits)) : holds(smsInbound.body, word))));
}

/**
 * A clerk has texted the number since the text came, from any record (a reply still waiting for quiet hours
 * counts; one cancelled after a STOP or failed for good does not). The outbox keeps its copies 90 days.
 */
function repliedTo(db: Db, filter: TextFilter | null): SQL | undefined {
  if (!filter) return undefined;
  const reply = db
    .select({ one: sql`1` })
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, "sms"),
        eq(outbox.recipient, smsInbound.fromPhone),
        inArray(outbox.kind, CLERK_TEXT_KINDS),
        notInArray(outbox.status, ["cancelled", "failed"]),
        sql`${outbox.createdAt} >= ${smsInbound.createdAt}`,
      ),
    );
  return filter === "replied" ? exists(reply) : not(exists(reply));
}

/** One page of the view (one row more than `limit`, to know whether there is another), for the page's raw batch. */
export function textsPageQuery(env: DbEnv, view: TextsView, words: readonly TextSearchWord[], limit = TEXT_PAGE_SIZE) {
  const db = getDb(env);
  const backwards = view.cursor?.direction === "before";
  const cursor = view.cursor ? (backwards ? gt(smsInbound.id, view.cursor.id) : lt(smsInbound.id, view.cursor.id)) : undefined;
  return builtStatement(
    env,
    db
      .select({ id: smsInbound.id, fromPhone: smsInbound.fromPhone, body: smsInbound.body, createdAt: smsInbound.createdAt })
      .from(smsInbound)
      .where(and(inTextsList, matchingAll(words), repliedTo(db, view.status), cursor))
      .orderBy(backwards ? asc(smsInbound.id) : desc(smsInbound.id))
      .limit(limit + 1),
  );
}

export function readTextsPage(view: TextsView, rows: TextRow[], limit = TEXT_PAGE_SIZE) {
  return keysetPage(view.cursor, rows, limit);
}

/** The whole view for the CSV, ten pages at a time, oldest id last. */
export async function textsBatch(env: DbEnv, view: TextsView, words: readonly TextSearchWord[], afterId: number | null) {
  const limit = TEXT_PAGE_SIZE * 10;
  const batchView: TextsView = { ...view, cursor: afterId === null ? null : { direction: "after", id: afterId } };
  const { results } = await textsPageQuery(env, batchView, words, limit).all<TextRow>();
  return { rows: results.slice(0, limit), more: results.length > limit };
}

/** A text of the Texts list, or null (another id, or a text since attached to a record). */
export async function getListedText(db: Db, id: number) {
  const [text] = await db.select().from(smsInbound).where(and(eq(smsInbound.id, id), inTextsList)).limit(1);
  return text ?? null;
}

/** A record a text can be attached to, as the attach search lists it. */
export interface AttachCandidate {
  list: Exclude<StaffList, "texts">;
  id: number;
  name: string;
  createdAt: number;
}

const CANDIDATES_PER_LIST = 5;

/** The newest records of every list whose customer's name holds `words`, for a clerk to pick the one a text is about. */
export async function findRecordsNamed(db: Db, words: string): Promise<AttachCandidate[]> {
  const named = <T extends typeof appointments | typeof orders | typeof contactMessages | typeof repairs>(table: T) =>
    db
      .select({ id: table.id, name: table.name, createdAt: table.createdAt })
      .from(table)
      .where(holds(table.name, words))
      .orderBy(desc(table.id))
      .limit(CANDIDATES_PER_LIST);
  const lists = ["appointments", "orders", "contacts", "repairs"] as const;
  const results = await db.batch([named(appointments), named(orders), named(contactMessages), named(repairs)]);
  return results
    .flatMap((rows, at) => rows.map((row) => ({ list: lists[at]!, id: row.id, name: row.name, createdAt: row.createdAt.getTime() })))
    .sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * Attaches every text of this one's number still in the Texts list to the record, and marks them read by the clerk
 * who did it. Null when the text or the record is gone; otherwise how many texts moved.
 */
export async function attachTexts(db: Db, textId: number, target: { list: AttachCandidate["list"]; id: number }, userId: number): Promise<number | null> {
  const text = await getListedText(db, textId);
  const table = CUSTOMER_RECORD_TABLES[target.list];
  const [record] = await db.select({ id: table.id }).from(table).where(eq(table.id, target.id)).limit(1);
  if (!text || !record) return null;
  const sameNumber = and(inTextsList, eq(smsInbound.fromPhone, text.fromPhone));
  const [moved] = await db.batch([
    db.update(smsInbound).set({ list: target.list, recordId: target.id }).where(sameNumber).returning({ id: smsInbound.id }),
  ]);
  const newest = Math.max(...moved.map((row) => row.id));
  if (moved.length > 0) {
    await db
      .insert(textReads)
      .values({ userId, list: target.list, recordId: target.id, lastTextId: newest })
      .onConflictDoUpdate({ target: [textReads.userId, textReads.list, textReads.recordId], set: { lastTextId: sql`max(${textReads.lastTextId}, excluded.last_text_id)` } });
  }
  return moved.length;
}

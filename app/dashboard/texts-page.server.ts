import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { StaffUser } from "~/auth/session.server";
import { runBatch, emptyStatement } from "~/db/sql.server";
import { getDb } from "~/db/client.server";
import { smsInbound } from "~/db/schema";
import { LISTS, recordHref } from "~/core/staff-lists";
import { newestFirst } from "~/core/timeline";
import { conversationLines } from "~/messaging/customer-texts.server";
import { textingState } from "~/records/staff-texts.server";
import { formatPhone } from "~/core/phone";
import { textPreview } from "~/core/customer-text";
import { formatStoreDateTime } from "~/core/store-time";
import { findRecordsNamed, readTextsPage, textsPageQuery, type TextRow } from "~/texts/list.server";
import { planTextSearch } from "~/texts/search";
import { parseTextsView, textsHref, textsSearch, type TextsView } from "~/texts/view";
import { markSeenQuery, seenIdQuery } from "./unread.server";
import { isLiveRefresh, unreadAfterFor } from "./live-refresh";
import { readTabBadges, tabBadgesQuery, type ListPageData } from "./list-page.server";

/** A card of the Texts list: who, when, the first words, and whether it is new to this clerk. */
export interface TextListRow {
  id: number;
  from: string;
  receivedLabel: string;
  receivedAt: number;
  preview: string;
  unread: boolean;
}

export type TextsData = ListPageData<TextsView, TextListRow>;

/**
 * The Texts tab for one staff account in one D1 batch, as the other lists load: opening it marks its newest text
 * seen. A search too long is refused by its field (400), as the other lists refuse a search they cannot run.
 */
export async function loadTexts(env: Env, user: StaffUser, url: URL) {
  const view = parseTextsView(url.searchParams);
  const live = isLiveRefresh(url.searchParams);
  const plan = planTextSearch(view.q);
  const searchError = "error" in plan ? plan.error : null;
  const nothing = emptyStatement(env);
  const [seenResult, rowsResult, , badges] = await runBatch(env, [
    seenIdQuery(env, user.id, "texts"),
    "words" in plan ? textsPageQuery(env, view, plan.words) : nothing,
    !live && !view.cursor ? markSeenQuery(env, user.id, "texts") : nothing,
    tabBadgesQuery(env, user.id),
  ]);
  const page = readTextsPage(view, rowsResult!.results as TextRow[]);
  if (view.cursor?.direction === "before" && !page.hasNewer) throw redirect(textsHref({ ...view, cursor: null }));
  const seen = (seenResult!.results as { seen: number }[])[0]!.seen;
  const unreadAfter = unreadAfterFor(url.searchParams, seen);
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  const payload: TextsData = {
    view,
    viewKey: textsSearch(view),
    searchError,
    rows: page.rows.map((row) => ({
      id: row.id,
      from: formatPhone(row.from_phone),
      receivedLabel: formatStoreDateTime(row.created_at),
      receivedAt: row.created_at,
      preview: textPreview(row.body),
      unread: row.id > unreadAfter,
    })),
    newerHref: page.hasNewer && first ? textsHref({ ...view, cursor: { direction: "before", id: first.id } }) : null,
    olderHref: page.hasOlder && last ? textsHref({ ...view, cursor: { direction: "after", id: last.id } }) : null,
    unread: readTabBadges(badges!),
    unreadAfter,
    loadedAt: Date.now(),
  };
  return data(payload, { status: searchError ? 400 : 200 });
}

const FIND_MIN = 2;
const FIND_MAX = 60;

/**
 * One text of the Texts list for its record page: the number's conversation, the reply form's state, and, when the
 * clerk searched (`find`), the records whose customer's name matches, to attach the texts to. A text since attached
 * to a record sends the clerk there.
 */
export async function loadText(env: Env, id: number, url: URL) {
  const db = getDb(env);
  const [text] = await db.select().from(smsInbound).where(eq(smsInbound.id, id)).limit(1);
  if (!text) throw data("Not found", { status: 404 });
  if (text.list && text.list !== "texts" && text.recordId !== null) throw redirect(recordHref(text.list, text.recordId));
  const now = Date.now();
  const find = (url.searchParams.get("find") ?? "").trim().slice(0, FIND_MAX);
  const [lines, texting, found] = await Promise.all([
    // Every text of the number both ways, whenever it came: the number has no record to date it from.
    conversationLines(db, "texts", { id, phone: text.fromPhone, createdAt: 0 }, now),
    textingState(env, db, { list: "texts", id, phone: text.fromPhone }, now),
    find.length >= FIND_MIN ? findRecordsNamed(db, find) : Promise.resolve(null),
  ]);
  return {
    text: { id: text.id, from: formatPhone(text.fromPhone), receivedLabel: formatStoreDateTime(text.createdAt.getTime()) },
    timeline: newestFirst(...lines).map((entry) => ({ ...entry, atLabel: formatStoreDateTime(entry.at) })),
    texting,
    find,
    findError: find.length > 0 && find.length < FIND_MIN ? `Type at least ${FIND_MIN} letters of the customer's name.` : null,
    found: found?.map((record) => ({ ...record, one: LISTS[record.list].one, createdLabel: formatStoreDateTime(record.createdAt) })) ?? null,
  };
}

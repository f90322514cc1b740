import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { auditStaffAction } from "~/audit/log.server";
import { staffUserContext } from "~/auth/guard.server";
import { getDb, type Db } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { LEAD_TABLES, recordNotes, repairs } from "~/db/schema";
import { parseForm } from "~/http/form.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { kindOfList } from "~/core/lead-kinds";
import { recordHref, type StaffList } from "~/core/staff-lists";
import { savedHref } from "~/core/dashboard-links";
import { storeTimestamp } from "~/core/store-time";
import type { TimelineEntry } from "~/core/timeline";
import { announceRecordChange } from "../../party/client.server";
import { NOTE_MESSAGES, NoteSchema } from "./rules";

// A record's notes (decision 140): each one an entry of its own, with its author and time, appended and never
// changed, so two clerks adding notes to one record keep both and no note meets a version check.

const TIMELINE_LIMIT = 100;

/** The table a list's records live in: a note is stored only while its record exists. */
function recordTable(list: StaffList) {
  const kind = kindOfList(list);
  return kind ? LEAD_TABLES[kind] : repairs;
}

/**
 * The one way a note is added, from any record page, with or without JavaScript: checked, stored once per form
 * (a retried post finds its note and writes nothing more), in the audit trail, and pushed to open dashboards.
 */
export async function addNote(context: Readonly<RouterContextProvider>, request: Request, list: StaffList, recordId: number, formData: FormData) {
  const { env, ctx } = getCloudflare(context);
  const submission = parseForm(formData, NoteSchema);
  if (submission.status !== "success") return data({ noteResult: submission.reply() }, { status: 400 });
  const { email } = context.get(staffUserContext);
  const db = getDb(env);
  const table = recordTable(list);
  const [stored] = await insertSelect(
    db,
    recordNotes,
    {
      id: sql`NULL`,
      list: sql`${list}`,
      recordId: sql`${table.id}`,
      body: sql`${submission.value.note}`,
      author: sql`${email}`,
      createdAt: sql`${Date.now()}`,
      formId: sql`${submission.value.formId}`,
    },
    sql`FROM ${table} WHERE ${table.id} = ${recordId}`,
  )
    .onConflictDoNothing()
    .returning({ id: recordNotes.id });
  if (stored) {
    await auditStaffAction(context, request, "note-added", { target: `${list} #${recordId}`, details: { noteId: stored.id } });
    ctx.waitUntil(announceRecordChange(env, list, recordId));
  } else {
    const earlier = await db.query.recordNotes.findFirst({ where: eq(recordNotes.formId, submission.value.formId) });
    // Nothing stored and no note of this form: the record is not there (any more).
    if (!earlier) throw data("Not found", { status: 404 });
    // This form's note went to another record: a hand-made post, or a page copied between records.
    if (earlier.list !== list || earlier.recordId !== recordId) {
      return data({ noteResult: submission.reply({ formErrors: [NOTE_MESSAGES.reload] }) }, { status: 409 });
    }
  }
  return redirectWithToast(context, savedHref(recordHref(list, recordId), "note"), { type: "success", message: NOTE_MESSAGES.added });
}

/** A record's newest notes as timeline lines. */
export async function noteLines(db: Db, list: StaffList, recordId: number): Promise<TimelineEntry[]> {
  const rows = await db
    .select()
    .from(recordNotes)
    .where(and(eq(recordNotes.list, list), eq(recordNotes.recordId, recordId)))
    .orderBy(desc(recordNotes.createdAt), desc(recordNotes.id))
    .limit(TIMELINE_LIMIT);
  return rows.map((row) => ({ at: row.createdAt.getTime(), kind: "note", title: "Note", by: row.author, body: row.body, seq: row.id }));
}

/**
 * The notes of the records a CSV export holds, one cell per record: every note, oldest first, each as
 * "2026-11-20 15:05 ann@example.com: words", separated by a blank line, so a spreadsheet shows the whole list in
 * order in one cell (the CSV writer quotes the line breaks and defuses formulas).
 */
export async function notesForExport(db: Db, list: StaffList, recordIds: number[]): Promise<Map<number, string>> {
  const cells = new Map<number, string>();
  // D1 binds at most 100 values a statement: ask for the ids in slices.
  for (let start = 0; start < recordIds.length; start += 90) {
    const rows = await db
      .select()
      .from(recordNotes)
      .where(and(eq(recordNotes.list, list), inArray(recordNotes.recordId, recordIds.slice(start, start + 90))))
      .orderBy(recordNotes.createdAt, recordNotes.id);
    for (const row of rows) {
      const line = `${storeTimestamp(row.createdAt.getTime())} ${row.author}: ${row.body}`;
      const before = cells.get(row.recordId);
      cells.set(row.recordId, before ? `${before}\n\n${line}` : line);
    }
  }
  return cells;
}

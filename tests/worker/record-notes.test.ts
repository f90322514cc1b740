import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createStaff, signIn } from "./helpers";
import { getWithCookie, idOf, openLiveSocket, postWithCookie, seedContacts } from "./dashboard-helpers";
import { rows } from "./lead-helpers";
import { logRepair, repairRow, setStatus } from "./repair-helpers";
import { setStoreClock, useRealClock } from "./store-clock";

// Decision 140: a record's notes are entries of their own, appended through one path (intent=note on the record's
// page), never changed, so two clerks adding notes keep both; the record's timeline shows its notes, status changes
// and messages, newest first.

let ann = { email: "", cookie: "" };
let bob = { email: "", cookie: "" };

beforeAll(async () => {
  const first = await createStaff();
  const second = await createStaff();
  ann = { email: first.email, cookie: await signIn(first) };
  bob = { email: second.email, cookie: await signIn(second) };
});

afterEach(() => useRealClock());

interface NoteRow {
  body: string;
  author: string;
  form_id: string | null;
}

const notesOf = (list: string, id: number) =>
  rows<NoteRow>("SELECT body, author, form_id FROM record_notes WHERE list = ? AND record_id = ? ORDER BY id", list, id);

/** The note form's id as the record page rendered it for this clerk. */
async function noteFormId(path: string, who: { cookie: string }): Promise<string> {
  const html = await (await getWithCookie(path, who.cookie)).text();
  const match = /name="intent" value="note"\/><input type="hidden" name="formId" value="([0-9a-f-]{36})"/.exec(html);
  expect(match, "the record page has a note form").not.toBeNull();
  return match![1]!;
}

const addNote = (path: string, who: { cookie: string }, formId: string, note: string) =>
  postWithCookie(path, { intent: "note", formId, note }, who.cookie);

/** The timeline's lines as the page shows them, top to bottom: "KIND title | body | by". */
function timelineOf(html: string): string[] {
  const list = /<ol class="record-history"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li class="record-history__item[^"]*">([\s\S]*?)<\/li>/g)].map(([, item]) => {
    const text = (pattern: RegExp) => (pattern.exec(item!)?.[1] ?? "").replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "").trim();
    const kind = text(/<span class="record-history__kind">([\s\S]*?)<\/span>/);
    const title = text(/<\/span>([\s\S]*?)<\/p>/);
    const body = text(/<p class="record-history__body">([\s\S]*?)<\/p>/);
    const by = /<\/time>(?:<!-- -->)? · (?:<!-- -->)?<span class="record-history__by">([^<]+)/.exec(item!)?.[1] ?? "";
    return [`${kind} ${title}`.trim(), body, by].join(" | ");
  });
}

describe("adding a note", () => {
  it("keeps both of two clerks' notes added at once to one record, each signed, and tells open dashboards", async () => {
    await seedContacts([{ name: "Notes Two Clerks" }]);
    const id = await idOf("contact_messages", "Notes Two Clerks");
    const path = `/dashboard/contacts/${id}`;
    const [annForm, bobForm] = await Promise.all([noteFormId(path, ann), noteFormId(path, bob)]);
    const live = await openLiveSocket(ann.cookie);

    const [annAdded, bobAdded] = await Promise.all([
      addNote(path, ann, annForm, "Ann: left a voicemail."),
      addNote(path, bob, bobForm, "Bob: she called back, wants Friday."),
    ]);
    expect([annAdded.status, bobAdded.status]).toEqual([302, 302]);
    expect(annAdded.headers.get("Location")).toBe(`${path}#saved-note`);

    const stored = await notesOf("contacts", id);
    expect(stored.map(({ body, author }) => ({ body, author })).sort((a, b) => a.body.localeCompare(b.body))).toEqual([
      { body: "Ann: left a voicemail.", author: ann.email },
      { body: "Bob: she called back, wants Friday.", author: bob.email },
    ]);
    const page = await (await getWithCookie(path, ann.cookie)).text();
    expect(page).toContain("Ann: left a voicemail.");
    expect(page).toContain("Bob: she called back, wants Friday.");
    await expect
      .poll(() => live.messages.filter((message) => message.includes('"record-updated"') && message.includes(`"id":${id}`)).length, { timeout: 5_000 })
      .toBe(2);
    live.socket.close();
  });

  it("stores a retried post once, and records it once in the audit trail", async () => {
    await seedContacts([{ name: "Notes Retry" }]);
    const id = await idOf("contact_messages", "Notes Retry");
    const path = `/dashboard/contacts/${id}`;
    const formId = await noteFormId(path, ann);
    expect((await addNote(path, ann, formId, "Paid in full.")).status).toBe(302);
    const retry = await addNote(path, ann, formId, "Paid in full.");
    expect(retry.status).toBe(302);
    expect(retry.headers.get("Location")).toBe(`${path}#saved-note`);
    expect(await notesOf("contacts", id)).toEqual([{ body: "Paid in full.", author: ann.email, form_id: formId }]);
    const audited = await rows<{ details: string }>("SELECT details FROM audit_log WHERE action = 'note-added' AND target = ?", `contacts #${id}`);
    expect(audited).toHaveLength(1);
    // The trail says a note was added, never what it says.
    expect(audited[0]!.details).not.toContain("Paid");
  });

  it("refuses an empty note and one over 2,000 characters by the field, with JavaScript and without, storing nothing", async () => {
    await seedContacts([{ name: "Notes Refused" }]);
    const id = await idOf("contact_messages", "Notes Refused");
    const path = `/dashboard/contacts/${id}`;
    const formId = await noteFormId(path, ann);

    const empty = await addNote(path, ann, formId, "  \u200B ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toMatch(/<textarea[^>]*name="note"[^>]*aria-invalid="true"[\s\S]*Write the note first\./);
    const long = await addNote(path, ann, formId, "x".repeat(2001));
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Keep the note to 2,000 characters or fewer; split a longer one into two notes.");
    // With JavaScript: the same answer as data, for the form to show by its field.
    const inline = await postWithCookie(`${path}.data`, { intent: "note", formId, note: "" }, ann.cookie);
    expect(inline.status).toBe(400);
    expect(await inline.text()).toContain("Write the note first.");
    expect(await notesOf("contacts", id)).toEqual([]);

    expect((await addNote(path, ann, formId, "x".repeat(2000))).status).toBe(302);
    expect(await notesOf("contacts", id)).toHaveLength(1);
  });

  it("shows a note's words as text, never as markup", async () => {
    await seedContacts([{ name: "Notes Escaped" }]);
    const id = await idOf("contact_messages", "Notes Escaped");
    const path = `/dashboard/contacts/${id}`;
    expect((await addNote(path, ann, await noteFormId(path, ann), `<img src=x onerror="alert(1)"> & <b>bold</b>`)).status).toBe(302);
    const page = await (await getWithCookie(path, ann.cookie)).text();
    expect(page).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;bold&lt;/b&gt;");
    expect(page).not.toContain("<img src=x");
  });

  it("answers 404 for a record that is not there, and refuses anyone signed out", async () => {
    const missing = await addNote("/dashboard/contacts/999999", ann, crypto.randomUUID(), "Nobody here.");
    expect(missing.status).toBe(404);
    await seedContacts([{ name: "Notes Signed Out" }]);
    const id = await idOf("contact_messages", "Notes Signed Out");
    const signedOut = await postWithCookie(`/dashboard/contacts/${id}`, { intent: "note", formId: crypto.randomUUID(), note: "Hi" });
    expect([302, 303]).toContain(signedOut.status);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
    expect(await rows("SELECT id FROM record_notes WHERE body = 'Nobody here.' OR (list = 'contacts' AND record_id = ?)", id)).toEqual([]);
  });

  it("exports every note of a record in one cell, oldest first, each with its time and author", async () => {
    await seedContacts([{ name: "Notes Exported", status: "spam" }]);
    const id = await idOf("contact_messages", "Notes Exported");
    const path = `/dashboard/contacts/${id}`;
    setStoreClock(Date.UTC(2026, 0, 15, 18, 30));
    expect((await addNote(path, ann, await noteFormId(path, ann), "=1+1 first")).status).toBe(302);
    setStoreClock(Date.UTC(2026, 0, 15, 18, 45));
    expect((await addNote(path, bob, await noteFormId(path, bob), "Second, on\ntwo lines")).status).toBe(302);
    useRealClock();
    const csv = await (await getWithCookie("/dashboard/export?tab=contacts&status=spam&q=exported", ann.cookie)).text();
    expect(csv.split(/\r?\n/)[0]).toMatch(/"Status","Notes"$/);
    expect(csv).toContain(`"2026-01-15 12:30 ${ann.email}: =1+1 first\n\n2026-01-15 12:45 ${bob.email}: Second, on\ntwo lines"`);
  });
});

describe("a record's timeline", () => {
  it("shows a lead's notes and status changes in one list, newest first, with who and when", async () => {
    await seedContacts([{ name: "Timeline Lead" }]);
    const id = await idOf("contact_messages", "Timeline Lead");
    const path = `/dashboard/contacts/${id}`;
    const start = Date.UTC(2026, 10, 20, 15);
    setStoreClock(start);
    expect((await addNote(path, ann, await noteFormId(path, ann), "Asked about a resize.")).status).toBe(302);
    setStoreClock(start + 60_000);
    expect((await postWithCookie(path, { intent: "details", version: "1", status: "contacted" }, bob.cookie)).status).toBe(302);
    setStoreClock(start + 120_000);
    expect((await addNote(path, ann, await noteFormId(path, ann), "Booked for Friday.")).status).toBe(302);
    setStoreClock(start + 180_000);
    expect((await postWithCookie(path, { intent: "status", version: "2", status: "done" }, ann.cookie)).status).toBe(302);
    useRealClock();

    const page = await (await getWithCookie(path, ann.cookie)).text();
    expect(page).not.toContain("No notes, messages or changes yet.");
    expect(timelineOf(page)).toEqual([
      `Status Status set to Done |  | ${ann.email}`,
      `Note | Booked for Friday. | ${ann.email}`,
      `Status Status set to Contacted |  | ${bob.email}`,
      `Note | Asked about a resize. | ${ann.email}`,
    ]);
    expect(page).toMatch(/<time datetime="2026-11-20T15:03:00.000Z">Nov 20, 2026, 9:03 AM<\/time>/i);
  });

  it("shows a repair's intake note, statuses and later notes in one list, newest first", async () => {
    const start = Date.UTC(2026, 10, 20, 16);
    setStoreClock(start);
    const { repair } = await logRepair(ann.cookie, { staffNote: "Small scratch on the band" });
    const path = `/dashboard/repairs/${repair.id}`;
    setStoreClock(start + 60_000);
    expect((await setStatus(bob.cookie, repair, "in_progress")).status).toBe(302);
    setStoreClock(start + 120_000);
    expect((await addNote(path, bob, await noteFormId(path, bob), "Shank ordered.")).status).toBe(302);
    useRealClock();

    const page = await (await getWithCookie(path, ann.cookie)).text();
    const lines = timelineOf(page);
    expect(lines[0]).toBe(`Note | Shank ordered. | ${bob.email}`);
    expect(lines[1]).toMatch(new RegExp(`^Status Status set to In progress \\| Estimate \\$85\\.50 · promised .+ \\| ${bob.email.replace(/[.+]/g, "\\$&")}$`));
    // Logged with a note: the note, written with the intake, reads above it.
    expect(lines[2]).toBe(`Note | Small scratch on the band | ${ann.email}`);
    expect(lines[3]).toMatch(new RegExp(`^Status Logged as Received \\| Estimate \\$85\\.50 · promised .+ \\| ${ann.email.replace(/[.+]/g, "\\$&")}$`));
    expect(lines).toHaveLength(4);
    expect((await repairRow(repair.id)).version).toBe(2);
  });
});

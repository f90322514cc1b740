import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { customerTextArrival, recordsOfNumber } from "../../app/messaging/customer-texts.server";
import { getDb } from "../../app/db/client.server";
import { deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { createStaff, signIn } from "./helpers";
import { badgesIn, getWithCookie, postWithCookie } from "./dashboard-helpers";
import { freeWeekday, rows } from "./lead-helpers";
import { book, inboundText, nextStoreNoon, senders, sentTexts, stubProviders } from "./message-helpers";
import { logRepair } from "./repair-helpers";

// Issue 42 §1, decision 144: a customer's text shows on every record of theirs, whatever its kind, with what the
// store sent them; it raises the badge of the list holding their newest record until a clerk reads that record;
// a clerk answers from the record, never to a number that sent STOP; odd texts are kept whole and shown escaped.

afterEach(() => {
  vi.restoreAllMocks();
});

let counter = 0;
/** A number no other test uses, in E.164 as the webhook's From, and as a clerk types it. */
function newNumber() {
  const last4 = String(2000 + ++counter).padStart(4, "0");
  return { e164: `+1901557${last4}`, typed: `(901) 557-${last4}` };
}

const DAY_MS = 86_400_000;

/** One record of each lead kind for this number, oldest first, an hour apart, made a day ago. */
async function leadsFor(phone: string, name: string) {
  const at = Date.now() - DAY_MS;
  const startsAt = Date.now() + 7 * DAY_MS;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO appointments (name, phone, date, time, service, created_at, starts_at, slot_seat) VALUES (?, ?, ?, '11:00 AM', 'Repair', ?, ?, ?)").bind(
      name,
      phone,
      new Date(startsAt).toISOString().slice(0, 10),
      at,
      startsAt,
      1000 + counter,
    ),
    env.DB.prepare("INSERT INTO orders (name, phone, email, jewelry_type, material_preferences, diamond_selection, created_at) VALUES (?, ?, 'o@example.com', 'Custom Ring', 'Gold Yellow', 'Moissanite', ?)").bind(
      name,
      phone,
      at + 3_600_000,
    ),
    env.DB.prepare("INSERT INTO contact_messages (name, phone, email, message, created_at, status) VALUES (?, ?, 'c@example.com', 'Hello', ?, 'new')").bind(name, phone, at + 7_200_000),
  ]);
  const id = async (table: string) => (await rows<{ id: number }>(`SELECT id FROM ${table} WHERE phone = ? ORDER BY id DESC LIMIT 1`, phone))[0]!.id;
  return { appointments: await id("appointments"), orders: await id("orders"), contacts: await id("contact_messages") };
}

async function page(path: string, cookie: string) {
  const response = await getWithCookie(path, cookie);
  expect(response.status, path).toBe(200);
  return response.text();
}

const plain = (html: string) => html.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "");

/** The timeline's lines as the page shows them, newest first: each line's title, body and when (with its state). */
function timelineOf(html: string): { title: string; body: string | null; when: string }[] {
  const list = /<ol class="record-history"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map(([, item]) => ({
    title: plain(/record-history__title">([\s\S]*?)<\/p>/.exec(item!)?.[1] ?? ""),
    body: /record-history__body">([\s\S]*?)<\/p>/.exec(item!)?.[1] ?? null,
    when: plain(/record-history__when">([\s\S]*?)<\/p>/.exec(item!)?.[1] ?? ""),
  }));
}

let clerk = "";
let colleague = "";
let clerkEmail = "";

beforeAll(async () => {
  const staff = await createStaff();
  clerkEmail = staff.email;
  clerk = await signIn(staff);
  colleague = await signIn(await createStaff());
});

describe("a customer's text on their records", () => {
  it("shows on the sender's appointment, order, contact message and repair, and lands on the newest", async () => {
    const phone = newNumber();
    const leads = await leadsFor(phone.e164, "Maya Thompson");
    const { repair } = await logRepair(clerk, { name: "Maya Thompson", phone: phone.typed });
    // Another customer's records and texts stay off them.
    const other = newNumber();
    await leadsFor(other.e164, "Someone Else");
    await inboundText({ From: other.e164, Body: "Not Maya's words" });

    const { response, messageSid } = await inboundText({ From: phone.e164, Body: "Can I come at 3 instead?" });
    expect(response.status).toBe(200);
    expect(await rows("SELECT list, record_id FROM sms_inbound WHERE message_sid = ?", messageSid)).toEqual([{ list: "repairs", record_id: repair.id }]);

    for (const path of [`/dashboard/appointments/${leads.appointments}`, `/dashboard/orders/${leads.orders}`, `/dashboard/contacts/${leads.contacts}`, `/dashboard/repairs/${repair.id}`]) {
      const lines = timelineOf(await page(path, clerk));
      const received = lines.filter((line) => line.title.startsWith("Received")).map(({ title, body }) => ({ title, body }));
      expect(received, path).toEqual([{ title: `Received Text received from (901) 557-${phone.e164.slice(-4)}`, body: "Can I come at 3 instead?" }]);
    }
  });

  it("says, in one place, where it landed, who sent it and its first words (for a notice to staff)", async () => {
    const phone = newNumber();
    await leadsFor(phone.e164, "Maya Thompson");
    const { repair } = await logRepair(clerk, { name: "Maya Thompson", phone: phone.typed });
    const records = await recordsOfNumber(getDb(env), phone.e164);
    expect(records.map((record) => record.list)).toEqual(["repairs", "contacts", "orders", "appointments"]);
    expect(customerTextArrival(records[0], phone.e164, "Can I come at 3 instead? I could also do Friday morning, whichever suits the jeweler better.")).toEqual({
      list: "repairs",
      recordHref: `/dashboard/repairs/${repair.id}`,
      senderName: "Maya T.",
      preview: "Can I come at 3 instead? I could also do Friday morning, whichever suits the…",
    });
    const stranger = newNumber();
    expect(customerTextArrival((await recordsOfNumber(getDb(env), stranger.e164))[0], stranger.e164, "Hi")).toEqual({
      list: null,
      recordHref: null,
      senderName: `(901) 557-${stranger.e164.slice(-4)}`,
      preview: "Hi",
    });
  });

  it("shows, in order, what the store texted the number from another record, with its delivery state", async () => {
    const phone = newNumber();
    const name = "Texted Customer";
    expect((await book({ name, phone: phone.typed, service: "Repair", date: freeWeekday(), time: "3:00 PM", smsConsent: "on" })).status).toBe(302);
    const [appointment] = await rows<{ id: number }>("SELECT id FROM appointments WHERE name = ? ORDER BY id DESC LIMIT 1", name);
    const { repair } = await logRepair(clerk, { name, phone: phone.typed });
    await inboundText({ From: phone.e164, Body: "Is my ring ready?" });

    const form = await page(`/dashboard/appointments/${appointment!.id}`, clerk);
    const formId = /name="formId" value="([^"]+)"/.exec(form.slice(form.indexOf('id="staff-text"')))![1]!;
    const sent = await postWithCookie(`/dashboard/appointments/${appointment!.id}`, { intent: "text", formId, message: "Yes, it is ready today." }, clerk);
    expect(sent.status).toBe(302);
    const [text] = await rows<{ id: number; next_attempt_at: number }>("SELECT id, next_attempt_at FROM outbox WHERE kind = 'staff-text' AND recipient = ?", phone.e164);
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, text!.id, { ...senders(), now: Math.max(text!.next_attempt_at, nextStoreNoon()) })).toBe("sent");
    expect(sentTexts(fetchSpy).map((sms) => sms.params.To)).toEqual([phone.e164]);
    await inboundText({ From: phone.e164, Body: "Great, thanks!" });

    const lines = timelineOf(await page(`/dashboard/repairs/${repair.id}`, clerk)).filter((line) => /^Received Text|Text from staff/.test(line.title));
    const shown = `(901) 557-${phone.e164.slice(-4)}`;
    expect(lines.map((line) => [line.title, line.body])).toEqual([
      [`Received Text received from ${shown}`, "Great, thanks!"],
      [`Sent Text from staff text to ${shown}`, `Yes, it is ready today.\nBartlett Fine Jewelry`],
      [`Received Text received from ${shown}`, "Is my ring ready?"],
    ]);
    // Its delivery state, and who sent it.
    expect(lines[1]!.when).toMatch(new RegExp(`· ${clerkEmail.replace(/[.]/g, "\\.")} · Sent$`));
  });
});

describe("badges", () => {
  it("a text raises the badge of the list holding the sender's newest record until each clerk reads that record", async () => {
    const phone = newNumber();
    const { repair } = await logRepair(colleague, { name: "Badge Customer", phone: phone.typed });
    const repairsBadge = async (cookie: string) => badgesIn(await page("/dashboard", cookie)).repairs ?? 0;
    // Open the Repairs list first: the new repair itself is no longer unread for either clerk.
    await page("/dashboard/repairs", clerk);
    await page("/dashboard/repairs", colleague);
    const before = { clerk: await repairsBadge(clerk), colleague: await repairsBadge(colleague) };

    await inboundText({ From: phone.e164, Body: "Can I pick it up Saturday?" });
    await inboundText({ From: phone.e164, Body: "Or Monday" });
    expect(await repairsBadge(clerk)).toBe(before.clerk + 2);
    expect(await repairsBadge(colleague)).toBe(before.colleague + 2);

    // Opening the list does not read a text on a record; opening the record does, for this clerk only.
    await page("/dashboard/repairs", clerk);
    expect(await repairsBadge(clerk)).toBe(before.clerk + 2);
    await page(`/dashboard/repairs/${repair.id}`, clerk);
    expect(await repairsBadge(clerk)).toBe(before.clerk);
    expect(await repairsBadge(colleague)).toBe(before.colleague + 2);

    await inboundText({ From: phone.e164, Body: "Actually Tuesday" });
    expect(await repairsBadge(clerk)).toBe(before.clerk + 1);
    await page(`/dashboard/repairs/${repair.id}`, clerk);
    expect(await repairsBadge(clerk)).toBe(before.clerk);
  });

  it("a text on a lead raises that lead's list, and reading its record clears it", async () => {
    const phone = newNumber();
    const leads = await leadsFor(phone.e164, "Lead Customer");
    await page("/dashboard?tab=contacts", clerk);
    const contactsBadge = async () => badgesIn(await page("/dashboard?tab=orders", clerk)).contacts ?? 0;
    const before = await contactsBadge();
    await inboundText({ From: phone.e164, Body: "Did you get my message?" });
    expect(await contactsBadge()).toBe(before + 1);
    await page(`/dashboard/contacts/${leads.contacts}`, clerk);
    expect(await contactsBadge()).toBe(before);
  });
});

describe("replies from a record", () => {
  /** The text form's id on a record page. */
  const textFormId = (html: string) => /name="formId" value="([^"]+)"/.exec(html.slice(html.indexOf('id="staff-text"')))![1]!;

  it("a clerk answers a repair's customer under its counter consent; the text goes out and shows on the repair", async () => {
    const phone = newNumber();
    const { repair } = await logRepair(clerk, { name: "Reply Customer", phone: phone.typed, textConsent: "on" });
    await inboundText({ From: phone.e164, Body: "Is it done?" });
    const html = await page(`/dashboard/repairs/${repair.id}`, clerk);
    const response = await postWithCookie(`/dashboard/repairs/${repair.id}`, { intent: "text", formId: textFormId(html), message: "Tomorrow at noon." }, clerk);
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("Location")).toBe(`/dashboard/repairs/${repair.id}`);
    const queued = await rows<{ id: number; kind: string; lead_kind: string | null; record_id: number; sent_by: string; next_attempt_at: number }>(
      "SELECT id, kind, lead_kind, record_id, sent_by, next_attempt_at FROM outbox WHERE recipient = ? AND channel = 'sms'",
      phone.e164,
    );
    expect(queued.map(({ kind, lead_kind, record_id, sent_by }) => ({ kind, lead_kind, record_id, sent_by }))).toEqual([
      { kind: "repair-text", lead_kind: null, record_id: repair.id, sent_by: clerkEmail },
    ]);
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, queued[0]!.id, { ...senders(), now: Math.max(queued[0]!.next_attempt_at, nextStoreNoon()) })).toBe("sent");
    expect(sentTexts(fetchSpy).map((sms) => sms.params.Body)).toEqual(["Tomorrow at noon.\nBartlett Fine Jewelry"]);
  });

  it("refuses, by the field and with 409, a text to a number that sent STOP, and keeps the clerk's words", async () => {
    const phone = newNumber();
    const { repair } = await logRepair(clerk, { name: "Stopped Customer", phone: phone.typed, textConsent: "on" });
    const html = await page(`/dashboard/repairs/${repair.id}`, clerk);
    await inboundText({ From: phone.e164, Body: "STOP" });
    const response = await postWithCookie(`/dashboard/repairs/${repair.id}`, { intent: "text", formId: textFormId(html), message: "Are you there?" }, clerk);
    expect(response.status).toBe(409);
    const answer = await response.text();
    const field = answer.slice(answer.indexOf('id="staff-text"'));
    expect(field).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*>Are you there\?<\/textarea>/);
    expect(field).toMatch(/id="[^"]+-message-error"[^>]*>[\s\S]*This number replied STOP and is on the opt-out list\./);
    expect(await rows("SELECT id FROM outbox WHERE recipient = ? AND kind IN ('staff-text', 'repair-text')", phone.e164)).toEqual([]);
    // Reloaded, the page says so before anyone types.
    expect(plain(await page(`/dashboard/repairs/${repair.id}`, clerk))).toContain("Texting is off: This number replied STOP and is on the opt-out list.");
  });

  it("refuses a text from a lead whose number sent STOP the same way", async () => {
    const phone = newNumber();
    const name = "Stopped Lead";
    expect((await book({ name, phone: phone.typed, service: "Repair", date: freeWeekday(), time: "3:00 PM", smsConsent: "on" })).status).toBe(302);
    const [appointment] = await rows<{ id: number }>("SELECT id FROM appointments WHERE name = ? ORDER BY id DESC LIMIT 1", name);
    const html = await page(`/dashboard/appointments/${appointment!.id}`, clerk);
    await inboundText({ From: phone.e164, Body: "stop" });
    const response = await postWithCookie(`/dashboard/appointments/${appointment!.id}`, { intent: "text", formId: textFormId(html), message: "Hello?" }, clerk);
    expect(response.status).toBe(409);
    expect(await response.text()).toMatch(/-message-error"[^>]*>[\s\S]*This number replied STOP/);
    expect(await rows("SELECT id FROM outbox WHERE recipient = ? AND kind = 'staff-text'", phone.e164)).toEqual([]);
  });
});

describe("odd texts", () => {
  it("keeps a text over 1,600 characters, with control characters and markup, whole, and shows it escaped", async () => {
    const phone = newNumber();
    const { repair } = await logRepair(clerk, { name: "Odd Texter", phone: phone.typed });
    const body = `<script>alert(1)</script> bell\u0007 nul\u0000 turn\u202Eback ${"long ".repeat(400)}end`;
    expect(body.length).toBeGreaterThan(1600);
    const { response, messageSid } = await inboundText({ From: phone.e164, Body: body });
    expect(response.status).toBe(200);
    const [stored] = await rows<{ body: string }>("SELECT body FROM sms_inbound WHERE message_sid = ?", messageSid);
    expect(stored!.body).toBe(body);

    const html = await page(`/dashboard/repairs/${repair.id}`, clerk);
    expect(html).not.toContain("<script>alert(1)");
    const [line] = timelineOf(html).filter((entry) => entry.title.startsWith("Received"));
    expect(line!.body).toBe(`&lt;script&gt;alert(1)&lt;/script&gt; bell[U+0007] nul[U+0000] turn[U+202E]back ${"long ".repeat(400)}end`);
  });
});

describe("the Texts list", () => {
  const textsBadge = async (cookie: string) => badgesIn(await page("/dashboard/repairs", cookie)).texts ?? 0;
  /** The Texts list's rows: id and whether new, in page order. */
  const textRows = (html: string) =>
    [...html.matchAll(/data-testid="text-row" data-id="(\d+)" data-unread="(true|false)"/g)].map((match) => ({ id: Number(match[1]), unread: match[2] === "true" }));
  const idOf = async (messageSid: string) => (await rows<{ id: number }>("SELECT id FROM sms_inbound WHERE message_sid = ?", messageSid))[0]!.id;

  it("holds a text from a number no record has, raises its badge until the list is opened, and shows the conversation", async () => {
    await page("/dashboard/texts", clerk);
    const before = await textsBadge(clerk);
    const stranger = newNumber();
    const { messageSid } = await inboundText({ From: stranger.e164, Body: "Do you buy gold?" });
    expect(await rows("SELECT list, record_id FROM sms_inbound WHERE message_sid = ?", messageSid)).toEqual([{ list: "texts", record_id: null }]);
    expect(await textsBadge(clerk)).toBe(before + 1);

    const list = await page("/dashboard/texts", clerk);
    const id = await idOf(messageSid);
    expect(textRows(list)[0]).toEqual({ id, unread: true });
    expect(plain(list)).toContain(`(901) 557-${stranger.e164.slice(-4)}`);
    expect(plain(list)).toContain("Do you buy gold?");
    expect(await textsBadge(clerk)).toBe(before);

    const text = await page(`/dashboard/texts/${id}`, clerk);
    expect(timelineOf(text).map((line) => line.body)).toEqual(["Do you buy gold?"]);
  });

  /** The ids the Texts list shows for a view (its query string), after checking it answered 200. */
  const listed = async (search: string) => textRows(await page(`/dashboard/texts?${search}`, clerk)).map((row) => row.id);
  const q = (words: string) => `q=${encodeURIComponent(words)}`;

  it("finds a text by the sender's number however a clerk types it, or by its words, % _ \\ and quotes as typed", async () => {
    const odd = newNumber();
    const plainer = newNumber();
    const oddId = await idOf((await inboundText({ From: odd.e164, Body: `Zorkle 100% off? gold_bar 'single' "double" back\\slash` })).messageSid);
    const plainId = await idOf((await inboundText({ From: plainer.e164, Body: "zorkle 1000 off goldXbar single double backslash" })).messageSid);

    const last4 = odd.e164.slice(-4);
    for (const typed of [odd.typed, `901-557-${last4}`, `901.557.${last4}`, `901557${last4}`, `+1 901 557 ${last4}`, odd.e164, `557-${last4}`]) {
      expect(await listed(q(typed)), typed).toEqual([oddId]);
    }
    // Case aside, every word must be there; newest first.
    expect(await listed(q("ZORKLE off"))).toEqual([plainId, oddId]);
    expect(await listed(q(`zorkle (901) 557-${plainer.e164.slice(-4)}`))).toEqual([plainId]);
    // LIKE's wildcards and escape, and quotes, are the characters typed: "100%" is not "1000", "gold_bar" not "goldXbar".
    for (const literal of ["100%", "gold_bar", "back\\slash", "'single'", '"double"', "%", "_bar"]) {
      expect(await listed(q(literal)), literal).toEqual([oddId]);
    }
    expect(await listed(q("zorkle nothinglikethis"))).toEqual([]);
  });

  it("refuses a search longer than the field by the field with 400, on the page and the CSV, and keeps the words", async () => {
    const long = `ring ${"x".repeat(96)}`;
    const response = await getWithCookie(`/dashboard/texts?${q(long)}`, clerk);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="texts-search"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="texts-search-error"[^>]*>[\s\S]*Type at most 100 characters/);
    expect(html).toContain(`value="${long}"`);
    expect(textRows(html)).toEqual([]);
    const csv = await getWithCookie(`/dashboard/texts/export?${q(long)}`, clerk);
    expect(csv.status).toBe(400);
    expect(await csv.text()).toBe("Type at most 100 characters.");
    // At the limit it searches.
    expect((await getWithCookie(`/dashboard/texts?${q("x".repeat(100))}`, clerk)).status).toBe(200);
  });

  it("filters texts a clerk has replied to and not, pages within the view, and exports the view shown (audited)", async () => {
    const answered = newNumber();
    const waiting = newNumber();
    const answeredId = await idOf((await inboundText({ From: answered.e164, Body: "Quibbet do you pierce ears?" })).messageSid);
    const waitingId = await idOf((await inboundText({ From: waiting.e164, Body: "Quibbet do you engrave?" })).messageSid);
    const html = await page(`/dashboard/texts/${answeredId}`, clerk);
    const formId = /name="formId" value="([^"]+)"/.exec(html.slice(html.indexOf('id="staff-text"')))![1]!;
    expect((await postWithCookie(`/dashboard/texts/${answeredId}`, { intent: "text", formId, message: "Yes, Saturdays." }, clerk)).status).toBe(302);
    // A later text from the answered number waits for a reply again.
    const laterId = await idOf((await inboundText({ From: answered.e164, Body: "Quibbet how much?" })).messageSid);
    // A minute apart each, so the order is sure: text, reply, later text.
    const minute = 60_000;
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE sms_inbound SET created_at = ? WHERE id = ?").bind(now - 3 * minute, answeredId),
      env.DB.prepare("UPDATE outbox SET created_at = ? WHERE recipient = ? AND kind = 'text-reply'").bind(now - 2 * minute, answered.e164),
      env.DB.prepare("UPDATE sms_inbound SET created_at = ? WHERE id = ?").bind(now - minute, laterId),
    ]);

    expect(await listed(`${q("quibbet")}&status=replied`)).toEqual([answeredId]);
    expect(await listed(`${q("quibbet")}&status=not-replied`)).toEqual([laterId, waitingId]);
    expect(await listed(q("quibbet"))).toEqual([laterId, waitingId, answeredId]);
    // Paging keeps the view: older than the newest, still only the texts waiting.
    expect(await listed(`${q("quibbet")}&status=not-replied&after=${laterId}`)).toEqual([waitingId]);
    const filtered = await page(`/dashboard/texts?${q("quibbet")}&status=not-replied`, clerk);
    expect(filtered).toMatch(/<option value="not-replied" selected="">Not replied<\/option>/);
    expect(filtered).toContain('href="/dashboard/texts/export?status=not-replied&amp;q=quibbet"');

    const csv = await getWithCookie("/dashboard/texts/export?status=not-replied&q=quibbet", clerk);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines.slice(1).map((line) => line.split('","')[2]!.replace(/"$/, ""))).toEqual(["Quibbet how much?", "Quibbet do you engrave?"]);
    await vi.waitFor(async () =>
      expect(await rows("SELECT details FROM audit_log WHERE action = 'texts-exported' AND details LIKE '%quibbet%'")).toEqual([
        { details: expect.stringContaining('"status":"not-replied"') },
      ]),
    );
  });

  it("a clerk answers from it while the number's text is recent, never after STOP nor 48 hours on", async () => {
    const stranger = newNumber();
    const { messageSid } = await inboundText({ From: stranger.e164, Body: "Are you open Sunday?" });
    const id = await idOf(messageSid);
    const html = await page(`/dashboard/texts/${id}`, clerk);
    const formId = /name="formId" value="([^"]+)"/.exec(html.slice(html.indexOf('id="staff-text"')))![1]!;
    const sent = await postWithCookie(`/dashboard/texts/${id}`, { intent: "text", formId, message: "Closed Sundays, open Monday 10-6." }, clerk);
    expect(sent.status, await sent.clone().text()).toBe(302);
    const [reply] = await rows<{ id: number; kind: string; record_id: number; next_attempt_at: number }>(
      "SELECT id, kind, record_id, next_attempt_at FROM outbox WHERE recipient = ? AND channel = 'sms'",
      stranger.e164,
    );
    expect(reply).toMatchObject({ kind: "text-reply", record_id: id });
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, reply!.id, { ...senders(), now: Math.max(reply!.next_attempt_at, nextStoreNoon()) })).toBe("sent");
    expect(sentTexts(fetchSpy).map((sms) => sms.params.To)).toEqual([stranger.e164]);
    expect(timelineOf(await page(`/dashboard/texts/${id}`, clerk)).map((line) => line.body)).toEqual(["Closed Sundays, open Monday 10-6.\nBartlett Fine Jewelry", "Are you open Sunday?"]);

    // Two days on, the number is no longer answered from here.
    await env.DB.prepare("UPDATE sms_inbound SET created_at = created_at - ? WHERE from_phone = ?").bind(49 * 3_600_000, stranger.e164).run();
    const later = await page(`/dashboard/texts/${id}`, clerk);
    const stale = await postWithCookie(`/dashboard/texts/${id}`, { intent: "text", formId: /name="formId" value="([^"]+)"/.exec(later.slice(later.indexOf('id="staff-text"')))![1]!, message: "Hello again" }, clerk);
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("This number has not texted the store in the last 48 hours");

    // A number that sent STOP is refused by the field.
    const stopped = newNumber();
    const { messageSid: first } = await inboundText({ From: stopped.e164, Body: "What are your hours?" });
    const stoppedId = await idOf(first);
    const form = await page(`/dashboard/texts/${stoppedId}`, clerk);
    await inboundText({ From: stopped.e164, Body: "STOP" });
    const refused = await postWithCookie(`/dashboard/texts/${stoppedId}`, { intent: "text", formId: /name="formId" value="([^"]+)"/.exec(form.slice(form.indexOf('id="staff-text"')))![1]!, message: "10 to 6" }, clerk);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(/-message-error"[^>]*>[\s\S]*This number replied STOP/);
    expect(await rows("SELECT id FROM outbox WHERE recipient = ? AND kind = 'text-reply'", stopped.e164)).toEqual([]);
  });

  it("a clerk finds the customer's record by name and attaches the number's texts; its next text lands there", async () => {
    const customer = newNumber();
    const { repair } = await logRepair(colleague, { name: "Attach Person", phone: "(901) 559-0001" });
    const { messageSid } = await inboundText({ From: customer.e164, Body: "This is Attach from my work phone" });
    await inboundText({ From: customer.e164, Body: "Is my ring done?" });
    const id = await idOf(messageSid);
    const found = await page(`/dashboard/texts/${id}?find=${encodeURIComponent("attach pers")}`, clerk);
    expect(found).toMatch(/aria-label="Attach to Attach Person&#x27;s repair"/);
    // A name as long as the field takes is looked for, not refused by the database (D1 caps a LIKE pattern at 50 bytes).
    expect((await getWithCookie(`/dashboard/texts/${id}?find=${encodeURIComponent(`${"Attach ".repeat(9)}Pers`)}`, clerk)).status).toBe(200);
    const attached = await postWithCookie(`/dashboard/texts/${id}`, { intent: "attach", list: "repairs", recordId: String(repair.id) }, clerk);
    expect(attached.status).toBe(302);
    expect(attached.headers.get("Location")).toBe(`/dashboard/repairs/${repair.id}`);
    expect(await rows("SELECT list, record_id FROM sms_inbound WHERE from_phone = ? ORDER BY id", customer.e164)).toEqual([
      { list: "repairs", record_id: repair.id },
      { list: "repairs", record_id: repair.id },
    ]);
    expect(textRows(await page("/dashboard/texts", clerk)).some((row) => row.id === id)).toBe(false);
    const lines = timelineOf(await page(`/dashboard/repairs/${repair.id}`, clerk)).filter((line) => line.title.startsWith("Received"));
    expect(lines.map((line) => line.body)).toEqual(["Is my ring done?", "This is Attach from my work phone"]);

    const { messageSid: next } = await inboundText({ From: customer.e164, Body: "Thanks!" });
    expect(await rows("SELECT list, record_id FROM sms_inbound WHERE message_sid = ?", next)).toEqual([{ list: "repairs", record_id: repair.id }]);
    // The old page of the first text now leads to the record.
    const moved = await getWithCookie(`/dashboard/texts/${id}`, clerk);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`/dashboard/repairs/${repair.id}`);
  });
});

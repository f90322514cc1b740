import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../../app/db/client.server";
import { purgeExpiredRecords, RETENTION } from "../../app/jobs/retention.server";
import { isQuietHour, outsideQuietHours } from "../../app/core/reminders";
import { storeTimeToInstant } from "../../app/core/store-time";
import { deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { textPermission } from "../../app/messaging/text-permission.server";
import { findRepairForCustomer, MISSES_PER_HOUR, type LookupWork } from "../../app/repairs/lookup.server";
import { NewRepairSchema, REPAIR_TEXT_CONSENT_TEXT, REPAIR_TEXT_CONSENT_VERSION } from "../../app/repairs/rules";
import { createRepair } from "../../app/repairs/repairs.server";
import { createStaff, get, postForm, signIn } from "./helpers";
import { getWithCookie, openLiveSocket } from "./dashboard-helpers";
import { flashToast, rows, textOf, uniqueIp } from "./lead-helpers";
import { inboundText, senders, sentTexts, stubProviders } from "./message-helpers";
import { inDays, logRepair, readyMessages, repairFields, repairRow, setStatus, uniquePhone } from "./repair-helpers";

let clerk: { email: string; password: string; id: number };
let cookie: string;

beforeAll(async () => {
  clerk = await createStaff();
  cookie = await signIn(clerk);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const digitsOf = (phone: string) => phone.replace(/\D/g, "");

describe("logging a repair", () => {
  it("draws another number when the one drawn is taken, and gives up after three clashes with nothing stored", async () => {
    const { repair: existing } = await logRepair(cookie);
    const clerkOf = { email: clerk.email, ip: "192.0.2.40" };
    const unused = ["R-ZZZZ-Z1", "R-ZZZZ-Z2"];
    expect(await rows("SELECT id FROM repairs WHERE ticket IN (?, ?)", ...unused)).toEqual([]);

    // The generator repeats a stored number; the unique index refuses it, and the next draw is stored.
    const draws = [existing.ticket, unused[0]!];
    const value = NewRepairSchema.parse(repairFields());
    const stored = await createRepair(getDb(env), value, clerkOf, Date.now(), () => draws.shift()!);
    expect(stored).toMatchObject({ status: "stored", ticket: unused[0] });
    expect(draws).toEqual([]);
    expect(await rows("SELECT id FROM repairs WHERE ticket = ?", existing.ticket)).toEqual([{ id: existing.id }]);

    // A generator that only ever repeats: three tries, then an error, and no repair, history line or consent.
    const stuck = NewRepairSchema.parse(repairFields({ textConsent: "on" }));
    let tries = 0;
    const repeating = () => (tries++, existing.ticket);
    await expect(createRepair(getDb(env), stuck, clerkOf, Date.now(), repeating)).rejects.toThrow("no free ticket number in 3 tries");
    expect(tries).toBe(3);
    expect(await rows("SELECT id FROM repairs WHERE form_id = ?", stuck.formId)).toEqual([]);
    expect(await rows("SELECT id FROM consent_records WHERE recorded_by = ? AND ip = ?", clerk.email, clerkOf.ip)).toEqual([]);
  });

  it("stores it with a ticket number, its first history line and the counter consent (version, clerk, time)", async () => {
    const before = Date.now();
    const { response, repair } = await logRepair(cookie, { textConsent: "on", email: "rita@example.com" });
    expect(response.headers.get("Location")).toBe(`/dashboard/repairs/${repair.id}/ticket`);
    expect((await flashToast(response))?.message).toContain(repair.ticket);
    expect(repair).toMatchObject({ status: "received", version: 1, estimate_cents: 8550, email: "rita@example.com" });
    expect(repair.ticket).toMatch(/^R-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{2}$/);
    // Stored in E.164, like every phone (decision 105).
    expect(repair.phone).toMatch(/^\+1\d{10}$/);

    const history = await rows<{ status: string; actor_email: string; estimate_cents: number; promised_date: string }>(
      "SELECT status, actor_email, estimate_cents, promised_date FROM repair_events WHERE repair_id = ?",
      repair.id,
    );
    expect(history).toEqual([{ status: "received", actor_email: clerk.email, estimate_cents: 8550, promised_date: repair.promised_date }]);

    const consent = await rows<{ phone: string; consent_version: string; consent_text: string; recorded_by: string; created_at: number }>(
      "SELECT phone, consent_version, consent_text, recorded_by, created_at FROM consent_records WHERE repair_id = ?",
      repair.id,
    );
    expect(consent).toHaveLength(1);
    expect(consent[0]).toMatchObject({
      phone: repair.phone,
      consent_version: REPAIR_TEXT_CONSENT_VERSION,
      consent_text: REPAIR_TEXT_CONSENT_TEXT,
      recorded_by: clerk.email,
    });
    expect(consent[0]!.created_at).toBeGreaterThanOrEqual(before);
    // It allows the one "ready" text, and no other text to the number (a staff text, a reminder).
    const record = { kind: "repair", id: repair.id } as const;
    expect(await textPermission(getDb(env), repair.phone, { purpose: "repair-ready", record })).toEqual({ ok: true, phone: repair.phone });
    expect(await textPermission(getDb(env), repair.phone, { purpose: "transactional", record })).toMatchObject({ ok: false, reason: "no-consent" });

    const audit = await rows<{ action: string }>("SELECT action FROM audit_log WHERE actor_id = ? AND target = ?", clerk.id, `repairs #${repair.id}`);
    expect(audit.map((entry) => entry.action)).toContain("repair-created");
  });

  it("stores once when the same form is posted twice, and records no consent the customer did not give", async () => {
    const { fields, repair } = await logRepair(cookie);
    const again = await postForm("/dashboard/repairs/new", fields, { Cookie: cookie });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(`/dashboard/repairs/${repair.id}/ticket`);
    expect(await rows("SELECT id FROM repairs WHERE form_id = ?", fields.formId)).toHaveLength(1);
    expect(await rows("SELECT id FROM repair_events WHERE repair_id = ?", repair.id)).toHaveLength(1);
    expect(await rows("SELECT id FROM consent_records WHERE repair_id = ?", repair.id)).toHaveLength(0);
  });

  it("refuses bad input with a message by the field and stores nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ work: "Engraving" }, "Choose the work from the list."],
      [{ estimate: "-20" }, "The estimate can't be negative."],
      [{ estimate: "twenty" }, "Enter the estimate in dollars, like 85 or 85.50."],
      [{ promisedDate: inDays(-1) }, "The promised date can't be in the past."],
      [{ phone: "555-01" }, "Enter a 10-digit phone number with its area code"],
      [{ work: "Other", workDetail: "" }, "Describe the work for “Other”."],
      [{ textConsent: "on", phone: "+44 20 7946 0958" }, "To send a text, enter a 10-digit US phone number"],
    ];
    for (const [overrides, message] of cases) {
      const fields = repairFields(overrides);
      const response = await postForm("/dashboard/repairs/new", fields, { Cookie: cookie });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(await textOf(response)).toContain(message);
      expect(await rows("SELECT id FROM repairs WHERE form_id = ?", fields.formId), JSON.stringify(overrides)).toHaveLength(0);
    }
  });

  it("is for staff only", async () => {
    const fields = repairFields();
    const response = await postForm("/dashboard/repairs/new", fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(await rows("SELECT id FROM repairs WHERE form_id = ?", fields.formId)).toHaveLength(0);
  });

  it("tells open dashboards, and the Repairs tab shows it unread with a badge on every tab", async () => {
    const other = await signIn(await createStaff());
    await getWithCookie("/dashboard/repairs", other); // seen up to now
    const live = await openLiveSocket(other);
    const { repair } = await logRepair(cookie, { name: "Badge Person" });
    await vi.waitFor(() => expect(live.messages.map((m) => JSON.parse(m))).toContainEqual(expect.objectContaining({ type: "record-created", list: "repairs", id: repair.id })));
    live.socket.close();

    const inbox = await (await getWithCookie("/dashboard?tab=contacts", other)).text();
    expect(inbox).toMatch(/data-testid="badge-repairs" data-count="1"/);
    const tab = await getWithCookie("/dashboard/repairs?live=1", other);
    const html = await tab.text();
    expect(html).toContain(repair.ticket);
    expect(html).toMatch(new RegExp(`data-id="${repair.id}" data-unread="true"`));
  });
});

describe("the Repairs tab", () => {
  it("searches by ticket, name, phone digits or item, filters by status, and exports the view as CSV (audited)", async () => {
    const { repair } = await logRepair(cookie, { name: "Quentin Searchable", item: "Platinum cufflinks" });
    for (const q of [repair.ticket, repair.ticket.replace(/-/g, ""), "Searchable", digitsOf(repair.phone).slice(-7), "cufflinks"]) {
      const html = await (await getWithCookie(`/dashboard/repairs?q=${encodeURIComponent(q)}`, cookie)).text();
      expect(html, q).toContain(repair.ticket);
    }
    const received = await (await getWithCookie("/dashboard/repairs?status=received&q=Searchable", cookie)).text();
    expect(received).toContain(repair.ticket);
    const ready = await (await getWithCookie("/dashboard/repairs?status=ready&q=Searchable", cookie)).text();
    expect(ready).not.toContain(repair.ticket);

    const csv = await getWithCookie("/dashboard/repairs/export?q=Searchable", cookie);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const body = await csv.text();
    expect(body).toContain('"Ticket","Logged (Central)","Name"');
    expect(body).toContain(`"${repair.ticket}"`);
    expect(body).toContain('"$85.50"');
    // The phone one way, as on every page and export: (901) 555-0123.
    const digits = digitsOf(repair.phone).slice(1);
    expect(body).toContain(`"(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}"`);
    const list = await (await getWithCookie("/dashboard/repairs?q=Searchable", cookie)).text();
    expect(list).toContain(`href="tel:${repair.phone}"`);
    await vi.waitFor(async () =>
      expect(await rows("SELECT id FROM audit_log WHERE actor_id = ? AND action = 'repairs-exported'", clerk.id)).not.toHaveLength(0),
    );
  });

  it("shows a repair ready for 30 days and not picked up as overdue", async () => {
    const { repair } = await logRepair(cookie, { name: "Olive Overdue" });
    await env.DB.prepare("UPDATE repairs SET status = 'ready', ready_at = ? WHERE id = ?").bind(Date.now() - 31 * 24 * 3600 * 1000, repair.id).run();
    const { repair: fresh } = await logRepair(cookie, { name: "Olive Overdue" });
    await env.DB.prepare("UPDATE repairs SET status = 'ready', ready_at = ? WHERE id = ?").bind(Date.now() - 29 * 24 * 3600 * 1000, fresh.id).run();
    const html = await (await getWithCookie("/dashboard/repairs?status=overdue&q=Overdue", cookie)).text();
    expect(html).toContain(repair.ticket);
    expect(html).not.toContain(fresh.ticket);
    expect(html).toContain("Overdue</span>");
  });
});

describe("the claim ticket", () => {
  it("holds the store, the number, the item, the work, the estimate, the promised date and a QR code of the status page", async () => {
    const { repair } = await logRepair(cookie);
    const html = await (await getWithCookie(`/dashboard/repairs/${repair.id}/ticket`, cookie)).text();
    expect(html).toContain("Bartlett Fine Jewelry");
    expect(html).toContain("6000 Stage Rd");
    expect(html).toContain(repair.ticket);
    expect(html).toContain("14k yellow gold ring");
    expect(html).toContain("Ring sizing: Size 6 to 7");
    expect(html).toContain("$85.50");
    expect(html).toMatch(/<svg[^>]*viewBox=/);
    expect(html).toContain(`/repair?ticket=${repair.ticket}`);
  });
});

describe("the customer's look-up", () => {
  const lookUp = (ticket: string, last4: string, ip: string) => postForm("/repair", { ticket, last4 }, { "CF-Connecting-IP": ip });

  it("shows the status, the item and the promised date, never the name, phone, estimate or note; no-store and noindex", async () => {
    const { repair } = await logRepair(cookie, { name: "Private Person", staffNote: "secret bench note" });
    const response = await lookUp(repair.ticket.toLowerCase().replace(/-/g, " "), digitsOf(repair.phone).slice(-4), uniqueIp());
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toContain("Received");
    expect(html).toContain("14k yellow gold ring");
    for (const secret of ["Private Person", "secret bench note", "85.50", digitsOf(repair.phone).slice(0, 6)]) expect(html).not.toContain(secret);

    const otherSpelling = await get("/Repair?ticket=R-7K3M-9Q");
    expect(otherSpelling.status).toBe(301);
    expect(otherSpelling.headers.get("Location")).toMatch(/\/repair\?ticket=R-7K3M-9Q$/);

    const page = await get("/repair?ticket=R-7K3M-9Q");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const empty = await page.text();
    expect(empty).toContain('value="R-7K3M-9Q"');
    expect(empty).toContain('<meta name="robots" content="noindex"');
  });

  it("shows the pickup hours once the repair is ready", async () => {
    const { repair } = await logRepair(cookie);
    expect((await setStatus(cookie, repair, "ready")).status).toBe(302);
    const html = await textOf(await lookUp(repair.ticket, digitsOf(repair.phone).slice(-4), uniqueIp()));
    expect(html).toContain("Ready for pickup");
    expect(html).toContain("Pickup hours");
    expect(html).toContain("Mon–Sat 11 AM–6 PM");
  });

  it("answers a wrong number and wrong digits alike, after the same work", async () => {
    const { repair } = await logRepair(cookie);
    const last4 = digitsOf(repair.phone).slice(-4);
    const wrongDigits = last4 === "0000" ? "1111" : "0000";
    const otherTicket = repair.ticket.endsWith("Z") ? `${repair.ticket.slice(0, -1)}Y` : `${repair.ticket.slice(0, -1)}Z`;
    // What differs is only what was typed (echoed back in the fields) and the page's nonce.
    const normalize = (html: string, ticket: string, digits: string) =>
      [ticket, digits]
        .reduce((text, typed, i) => text.replaceAll(`value="${typed}"`, `value="TYPED${i}"`).replaceAll(`\\"${typed}\\"`, `\\"TYPED${i}\\"`), html)
        .replace(/nonce="[^"]*"/g, "");

    const wrongNumber = await lookUp(otherTicket, last4, uniqueIp());
    const wrongPhone = await lookUp(repair.ticket, wrongDigits, uniqueIp());
    expect(wrongNumber.status).toBe(404);
    expect(wrongPhone.status).toBe(404);
    const [a, b] = [await wrongNumber.text(), await wrongPhone.text()];
    expect(a).toContain("We couldn&#x27;t find that repair. Check both the ticket number and the last 4 digits of your phone, or call us");
    expect(normalize(a, otherTicket, last4)).toBe(normalize(b, repair.ticket, wrongDigits));

    const db = getDb(env);
    const works: LookupWork[] = [];
    for (const [ticket, digits] of [[otherTicket, last4], [repair.ticket, wrongDigits], ["R-!!", last4], [repair.ticket, "12"], [repair.ticket, last4]] as const) {
      const work = { queries: 0, comparisons: 0, comparedBytes: 0 };
      const found = await findRepairForCustomer(db, ticket, digits, work);
      expect(Boolean(found), `${ticket} ${digits}`).toBe(ticket === repair.ticket && digits === last4);
      works.push(work);
    }
    for (const work of works) expect(work).toEqual({ queries: 1, comparisons: 1, comparedBytes: 4 });
  });

  it(`makes an address wait after ${MISSES_PER_HOUR} misses in an hour, malformed numbers included; a find is not a miss`, async () => {
    const { repair } = await logRepair(cookie);
    const last4 = digitsOf(repair.phone).slice(-4);
    const wrongDigits = last4 === "0000" ? "1111" : "0000";
    const ip = uniqueIp();
    expect((await lookUp(repair.ticket, last4, ip)).status).toBe(200);
    for (let miss = 0; miss < MISSES_PER_HOUR; miss++) {
      const response = await lookUp(miss % 2 ? "not a ticket" : repair.ticket, miss % 2 ? last4 : wrongDigits, ip);
      expect(response.status).toBe(404);
    }
    const waiting = await lookUp(repair.ticket, last4, ip);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await textOf(waiting)).toContain("Too many look-ups");
    expect((await lookUp(repair.ticket, last4, uniqueIp())).status).toBe(200);
  });
});

describe("status changes", () => {
  it("keep each change in the history with who and when, and refuse a stale page without overwriting", async () => {
    const { repair } = await logRepair(cookie);
    const colleague = await createStaff();
    const other = await signIn(colleague);
    const first = await setStatus(other, repair, "in_progress", { estimate: "120" });
    expect(first.status).toBe(302);

    const stale = await setStatus(cookie, repair, "cancelled");
    expect(stale.status).toBe(409);
    const text = await textOf(stale);
    expect(text).toContain(`Changed by ${colleague.email} at`);
    const now = await repairRow(repair.id);
    expect(now).toMatchObject({ status: "in_progress", estimate_cents: 12000, version: 2 });

    const history = await rows<{ status: string; actor_email: string; estimate_cents: number }>(
      "SELECT status, actor_email, estimate_cents FROM repair_events WHERE repair_id = ? ORDER BY id",
      repair.id,
    );
    expect(history).toEqual([
      { status: "received", actor_email: clerk.email, estimate_cents: 8550 },
      { status: "in_progress", actor_email: colleague.email, estimate_cents: 12000 },
    ]);
  });

  it("answer a save from an older version with the repair as it is now, keep the clerk's own words in the form, and store nothing", async () => {
    const { repair } = await logRepair(cookie);
    const colleague = await createStaff();
    expect((await setStatus(await signIn(colleague), repair, "in_progress", { estimate: "120" })).status).toBe(302);

    const mine = { estimate: "95", promisedDate: inDays(9) };
    const stale = await setStatus(cookie, repair, "waiting_parts", mine);
    expect(stale.status).toBe(409);
    const html = await stale.text();
    // The repair as it stands now, above the form: who changed it, its status and estimate.
    const notice = /<div class="save-conflict"[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
    expect(notice).toContain(`Changed by ${colleague.email} at`);
    expect(notice).toContain("In progress");
    expect(notice).toContain("$120");
    // The clerk's own status, estimate and date are still in the form, which now names the version it has seen.
    expect(html).toMatch(/<option value="waiting_parts" selected="">/);
    expect(html).toMatch(/name="estimate"[^>]*value="95"/);
    expect(html).toMatch(new RegExp(`name="promisedDate"[^>]*value="${mine.promisedDate}"`));
    expect(html).toContain('name="version" value="2"');
    expect(await repairRow(repair.id)).toMatchObject({ status: "in_progress", estimate_cents: 12000, version: 2 });
    expect(await rows("SELECT id FROM repair_events WHERE repair_id = ?", repair.id)).toHaveLength(2);

    // Having seen it, the clerk saves knowingly over the version the answer named.
    const knowing = await setStatus(cookie, repair, "waiting_parts", { ...mine, version: "2" });
    expect(knowing.status).toBe(302);
    expect(await repairRow(repair.id)).toMatchObject({ status: "waiting_parts", estimate_cents: 9500, version: 3, updated_by: clerk.email });
  });

  it("count a retry of a save that went through as saved, and write nothing twice", async () => {
    const { repair } = await logRepair(cookie);
    const change = { estimate: "60" };
    expect((await setStatus(cookie, repair, "in_progress", change)).status).toBe(302);
    const retry = await setStatus(cookie, repair, "in_progress", change);
    expect(retry.status).toBe(302);
    expect(await flashToast(retry)).toMatchObject({ type: "success", message: "Status saved." });
    expect(await repairRow(repair.id)).toMatchObject({ status: "in_progress", estimate_cents: 6000, version: 2 });
    expect(await rows("SELECT id FROM repair_events WHERE repair_id = ?", repair.id)).toHaveLength(2);
  });

  it("refuse a new promised date in the past, and keep one that has passed", async () => {
    const { repair } = await logRepair(cookie);
    const refused = await setStatus(cookie, repair, "in_progress", { promisedDate: inDays(-2) });
    expect(refused.status).toBe(400);
    expect(await textOf(refused)).toContain("The promised date can't be in the past.");
    await env.DB.prepare("UPDATE repairs SET promised_date = ? WHERE id = ?").bind(inDays(-3), repair.id).run();
    expect((await setStatus(cookie, await repairRow(repair.id), "in_progress")).status).toBe(302);
  });
});

describe("the ready message", () => {
  /** A moment the outbox may send it: its due time, which is never in the quiet hours. */
  const sendable = (row: { next_attempt_at: number }) => row.next_attempt_at + 1000;

  it("is queued once as a text outside the quiet hours, and withdrawn when the status changes back before it goes", async () => {
    const { repair } = await logRepair(cookie, { textConsent: "on" });
    const before = Date.now();
    expect((await setStatus(cookie, repair, "ready")).status).toBe(302);
    const [text, ...others] = await readyMessages(repair.id);
    expect(others).toHaveLength(0);
    expect(text).toMatchObject({ channel: "sms", recipient: repair.phone });
    expect(text!.text_body).toBe(`Bartlett Fine Jewelry: your repair ${repair.ticket} is ready for pickup. Mon-Sat 11-6, Sun 11-7. Reply STOP to opt out.`);
    expect(isQuietHour(text!.next_attempt_at)).toBe(false);
    expect(text!.next_attempt_at).toBeLessThanOrEqual(outsideQuietHours(Date.now()));
    expect(text!.next_attempt_at).toBeGreaterThanOrEqual(outsideQuietHours(before) - 1000);

    // Saving it ready again (a note) queues nothing more.
    expect((await setStatus(cookie, await repairRow(repair.id), "ready")).status).toBe(302);
    expect(await readyMessages(repair.id)).toHaveLength(1);

    expect((await setStatus(cookie, await repairRow(repair.id), "in_progress")).status).toBe(302);
    const [withdrawn] = await readyMessages(repair.id);
    expect(withdrawn).toMatchObject({ status: "cancelled", last_error: "The repair is no longer ready for pickup." });
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, withdrawn!.id, { ...senders(), now: sendable(withdrawn!) })).toBe("skipped");
    expect(sentTexts(fetchSpy)).toHaveLength(0);
  });

  it("is sent by the outbox when due, and not sent again when the repair is set ready a second time", async () => {
    const { repair } = await logRepair(cookie, { textConsent: "on" });
    await setStatus(cookie, repair, "ready");
    const [queued] = await readyMessages(repair.id);
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, queued!.id, { ...senders(), now: sendable(queued!) })).toBe("sent");
    expect(sentTexts(fetchSpy).map((sent) => sent.params.Body)).toEqual([queued!.text_body]);

    await setStatus(cookie, await repairRow(repair.id), "in_progress");
    await setStatus(cookie, await repairRow(repair.id), "ready");
    expect((await readyMessages(repair.id)).map((row) => row.status)).toEqual(["sent"]);
  });

  it("waits for the end of the quiet hours when it falls due in them", async () => {
    const { repair } = await logRepair(cookie, { textConsent: "on" });
    await setStatus(cookie, repair, "ready");
    const [queued] = await readyMessages(repair.id);
    const night = storeTimeToInstant(inDays(1), 22);
    stubProviders();
    expect(await deliverOutboxMessage(env, queued!.id, { ...senders(), now: night })).toBe("deferred");
    const [after] = await readyMessages(repair.id);
    expect(after).toMatchObject({ status: "pending", next_attempt_at: outsideQuietHours(night) });
  });

  it("is not texted without the customer's consent; an e-mail goes when they left an address", async () => {
    const { repair } = await logRepair(cookie, { email: "noconsent@example.com" });
    await setStatus(cookie, repair, "ready");
    const messages = await readyMessages(repair.id);
    expect(messages.map((row) => [row.channel, row.recipient])).toEqual([["email", "noconsent@example.com"]]);
  });

  it("is not sent to a number that replied STOP", async () => {
    const phone = uniquePhone();
    const { repair } = await logRepair(cookie, { textConsent: "on", phone });
    await setStatus(cookie, repair, "ready");
    const [queued] = await readyMessages(repair.id);
    const stop = await inboundText({ From: `+1${digitsOf(phone)}`, Body: "STOP" });
    expect(stop.response.status).toBe(200);
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, queued!.id, { ...senders(), now: sendable(queued!) })).toBe("cancelled");
    expect(sentTexts(fetchSpy)).toHaveLength(0);
    const [after] = await readyMessages(repair.id);
    expect(after!.last_error).toContain("STOP");
  });

  it("counts against the daily limit of automatic texts to one number", async () => {
    const phone = uniquePhone();
    const { repair } = await logRepair(cookie, { textConsent: "on", phone });
    // Three automatic texts already went to this number today.
    const e164 = `+1${digitsOf(phone)}`;
    for (let i = 0; i < 3; i++) {
      await env.DB.prepare(
        "INSERT INTO outbox (kind, record_id, recipient, subject, html, text_body, status, attempts, next_attempt_at, created_at, channel, counted_at) VALUES ('reminder', 0, ?, '', '', 'x', 'sent', 1, ?, ?, 'sms', ?)",
      ).bind(e164, Date.now(), Date.now(), Date.now()).run();
    }
    await setStatus(cookie, repair, "ready");
    const [queued] = await readyMessages(repair.id);
    stubProviders();
    expect(await deliverOutboxMessage(env, queued!.id, { ...senders(), now: Math.max(sendable(queued!), Date.now()) })).toBe("cancelled");
    expect((await readyMessages(repair.id))[0]!.last_error).toContain("daily limit");
  });
});

describe("retention", () => {
  it("deletes picked-up and cancelled repairs 2 years after, with their history, and keeps the consent record", async () => {
    const { repair: old } = await logRepair(cookie, { textConsent: "on" });
    const { repair: open } = await logRepair(cookie);
    await setStatus(cookie, old, "picked_up");
    const closedAt = (await repairRow(old.id)).closed_at!;
    expect(closedAt).toBeGreaterThan(0);
    expect((await repairRow(open.id)).closed_at).toBeNull();

    await purgeExpiredRecords(env, closedAt + RETENTION.closedRepairsMs - 60_000);
    expect(await repairRow(old.id)).toBeDefined();
    await purgeExpiredRecords(env, closedAt + RETENTION.closedRepairsMs + 60_000);
    expect(await repairRow(old.id)).toBeUndefined();
    expect(await rows("SELECT id FROM repair_events WHERE repair_id = ?", old.id)).toHaveLength(0);
    expect(await repairRow(open.id)).toBeDefined();
    expect(await rows("SELECT id FROM consent_records WHERE repair_id = ?", old.id)).toHaveLength(1);
  });
});

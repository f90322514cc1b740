import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { purgeExpiredRecords } from "../../app/jobs/retention.server";
import { createOwner, createStaff, postForm, signIn } from "./helpers";
import { claimsOf, getWithCookie, idOf, postWithCookie, seedContacts } from "./dashboard-helpers";

// The audit trail (docs/decisions/059): each action leaves an entry with who,
// when, the address and the browser; the owner reads and exports it; nobody
// can change it.

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let ipCounter = 0;
const freshIp = () => `198.51.100.${200 + (++ipCounter % 50)}`;

interface Entry {
  id: number;
  created_at: number;
  actor_id: number | null;
  actor_email: string;
  action: string;
  target: string;
  details: string;
  ip: string;
  user_agent: string;
}

async function entriesOf(email: string): Promise<Entry[]> {
  const { results } = await env.DB.prepare("SELECT * FROM audit_log WHERE actor_email = ? ORDER BY id").bind(email).all<Entry>();
  return results;
}

async function lastEntry(email: string, action: string): Promise<Entry | undefined> {
  return (await entriesOf(email)).filter((entry) => entry.action === action).pop();
}

/** Signs in from a known browser and address, so entries can be checked for both. */
async function signInAs(staff: { email: string; password: string }, ip: string) {
  const response = await postForm("/login", { email: staff.email, password: staff.password }, { "CF-Connecting-IP": ip, "User-Agent": BROWSER });
  return /staff_session=[^;]+/.exec(response.headers.getSetCookie().join("\n"))![0];
}

const as = (cookie: string, ip: string) => ({ cookie, headers: { "CF-Connecting-IP": ip, "User-Agent": BROWSER } });

describe("entries are written", () => {
  it("for sign-ins, failed sign-ins and sign-outs, with who, when, the IP and the browser", async () => {
    const staff = await createStaff();
    const ip = freshIp();
    const started = Date.now();
    await postForm("/login", { email: staff.email, password: "wrong-password" }, { "CF-Connecting-IP": ip, "User-Agent": BROWSER });
    const cookie = await signInAs(staff, ip);
    await postWithCookie("/logout", {}, cookie, { "CF-Connecting-IP": ip, "User-Agent": BROWSER });
    const entries = await entriesOf(staff.email);
    expect(entries.map((entry) => entry.action)).toEqual(["sign-in-failed", "sign-in", "sign-out"]);
    for (const entry of entries) {
      expect(entry.actor_id).toBe(staff.id);
      expect(entry.ip).toBe(ip);
      // A failure keeps the browser's label only, not the text it sent (docs/decisions/089).
      expect(entry.user_agent).toBe(entry.action === "sign-in-failed" ? "" : BROWSER);
      expect(entry.created_at).toBeGreaterThanOrEqual(started - 1000);
    }
    expect(JSON.parse(entries[0]!.details)).toEqual({ method: "password", reason: "wrong e-mail or password", device: "Chrome on Mac" });
    // An unknown address is not recorded as typed: no account, no e-mail.
    await postForm("/login", { email: "nobody-audit@example.com", password: "wrong-password" }, { "CF-Connecting-IP": ip });
    expect(await lastEntry("nobody-audit@example.com", "sign-in-failed")).toBeUndefined();
    expect((await lastEntry("", "sign-in-failed"))!.actor_id).toBeNull();
  });

  it("for password changes, sessions ended, sign-out everywhere and passkeys removed", async () => {
    const staff = await createStaff();
    const ip = freshIp();
    const cookie = await signInAs(staff, ip);
    const { headers } = as(cookie, ip);
    const changed = await postWithCookie("/dashboard/account", { intent: "change-password", currentPassword: staff.password, newPassword: "a-brand-new-password", confirmPassword: "a-brand-new-password" }, cookie, headers);
    const renewed = /staff_session=[^;]+/.exec(changed.headers.getSetCookie().join("\n"))![0];
    await env.DB.prepare("INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES (?, ?, 'AAAA', 0, '', 'Safari on iPhone', ?)")
      .bind(`audit-key-${staff.id}`, staff.id, Date.now())
      .run();
    await postWithCookie("/dashboard/account", { intent: "remove-passkey", passkeyId: `audit-key-${staff.id}` }, renewed, headers);
    const third = await signInAs({ email: staff.email, password: "a-brand-new-password" }, ip);
    await postWithCookie("/dashboard/account", { intent: "end-session", sessionId: claimsOf(third).sid }, renewed, headers);
    await postWithCookie("/dashboard/account", { intent: "sign-out-everywhere" }, renewed, headers);
    const actions = (await entriesOf(staff.email)).map((entry) => entry.action);
    for (const action of ["password-changed", "passkey-removed", "session-ended", "sign-out-everywhere"]) expect(actions).toContain(action);
    expect((await lastEntry(staff.email, "passkey-removed"))!.target).toBe("Safari on iPhone");
  });

  it("for staff added, removed, reset and ownership transferred, and a password set from a link", async () => {
    const owner = await createOwner();
    const ip = freshIp();
    const cookie = await signInAs(owner, ip);
    const { headers } = as(cookie, ip);
    const email = `audited-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const invited = await (await postWithCookie("/dashboard/staff", { intent: "invite", email }, cookie, headers)).text();
    const link = /id="password-link-url"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*id="password-link-url"/.exec(invited)!;
    await postForm(new URL((link[1] ?? link[2])!).pathname, { newPassword: "a-colleague-password", confirmPassword: "a-colleague-password" }, { "CF-Connecting-IP": ip });
    const member = await createStaff();
    const next = await createStaff();
    await postWithCookie("/dashboard/staff", { intent: "reset", userId: String(member.id) }, cookie, headers);
    await postWithCookie("/dashboard/staff", { intent: "remove", userId: String(member.id) }, cookie, headers);
    await postWithCookie("/dashboard/staff", { intent: "transfer", userId: String(next.id) }, cookie, headers);
    const entries = await entriesOf(owner.email);
    const byAction = Object.fromEntries(entries.map((entry) => [entry.action, entry.target]));
    expect(byAction).toMatchObject({
      "staff-invited": email,
      "staff-password-reset": member.email,
      "staff-removed": member.email,
      "ownership-transferred": next.email,
    });
    expect(await lastEntry(email, "password-set")).toBeDefined();
  });

  it("for status changes and notes, and every CSV export with its filter and row count", async () => {
    const staff = await createStaff();
    const ip = freshIp();
    const cookie = await signInAs(staff, ip);
    const { headers } = as(cookie, ip);
    const name = `Audited Lead ${crypto.randomUUID().slice(0, 6)}`;
    await seedContacts([{ name }]);
    const id = await idOf("contact_messages", name);
    await postWithCookie(`/dashboard/contacts/${id}`, { intent: "status", version: "1", status: "contacted" }, cookie, headers);
    await postWithCookie(`/dashboard/contacts/${id}`, { intent: "details", version: "2", status: "done" }, cookie, headers);
    await postWithCookie(`/dashboard/contacts/${id}`, { intent: "note", formId: crypto.randomUUID(), note: "Called back." }, cookie, headers);
    const csv = await getWithCookie(`/dashboard/export?tab=contacts&q=${encodeURIComponent(name)}`, cookie, headers);
    const body = await csv.text();
    expect(body).toContain(name);

    expect(await lastEntry(staff.email, "lead-status-changed")).toMatchObject({ target: `contacts #${id}`, details: JSON.stringify({ status: "done" }) });
    expect(await lastEntry(staff.email, "note-added")).toMatchObject({ target: `contacts #${id}` });
    expect((await lastEntry(staff.email, "note-added"))!.details).not.toContain("Called back");
    await expect.poll(async () => (await lastEntry(staff.email, "leads-exported"))?.details).toBeDefined();
    const exported = await lastEntry(staff.email, "leads-exported");
    expect(exported!.target).toBe("contacts");
    expect(JSON.parse(exported!.details)).toMatchObject({ q: name, rows: 1, complete: true });
  });
});

describe("the owner's audit page", () => {
  it("shows the trail newest first, 50 a page, and exports it (the export is recorded too)", async () => {
    const owner = await createOwner();
    const cookie = await signIn(owner);
    const now = Date.now();
    const statements = Array.from({ length: 60 }, (_, i) =>
      env.DB.prepare("INSERT INTO audit_log (created_at, actor_id, actor_email, action, target, details, ip, user_agent) VALUES (?, NULL, ?, 'sign-in-failed', '', '', '203.0.113.9', '')").bind(now + i, `paged-${i}@example.com`),
    );
    await env.DB.batch(statements);
    const first = await (await getWithCookie("/dashboard/audit", cookie)).text();
    expect(first.match(/data-testid="audit-entry"/g)).toHaveLength(50);
    expect(first.indexOf("paged-59@example.com")).toBeLessThan(first.indexOf("paged-58@example.com"));
    const older = /href="(\/dashboard\/audit\?before=\d+)"/.exec(first)![1]!;
    const second = await (await getWithCookie(older, cookie)).text();
    expect(second).not.toContain("paged-59@example.com");
    expect(second).toContain("paged-0@example.com");

    const csv = await getWithCookie("/dashboard/audit/export", cookie);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("paged-0@example.com");
    await expect.poll(async () => (await lastEntry(owner.email, "audit-exported")) !== undefined).toBe(true);
  });

  it("is refused to staff (403) and anonymous visitors (login), with and without .data", async () => {
    const staffCookie = await signIn(await createStaff());
    for (const path of ["/dashboard/audit", "/dashboard/audit.data", "/dashboard/audit/export", "/dashboard/audit/export.data"]) {
      const refused = await getWithCookie(path, staffCookie);
      expect(refused.status, path).toBe(403);
      expect(refused.headers.get("Content-Type") ?? "", path).not.toContain("text/csv");
      const anonymous = await getWithCookie(path);
      expect([302, 202, 204], path).toContain(anonymous.status);
      expect(anonymous.headers.get("Content-Type") ?? "", path).not.toContain("text/csv");
    }
  });
});

describe("entries cannot be changed", () => {
  it("refuses edits and deletes of anything under 2 years old, and retention removes older entries", async () => {
    const now = Date.now();
    const young = await env.DB.prepare("INSERT INTO audit_log (created_at, actor_id, actor_email, action, ip, user_agent) VALUES (?, NULL, 'young@example.com', 'sign-in', '', '') RETURNING id").bind(now - 700 * 86_400_000).first<{ id: number }>();
    const old = await env.DB.prepare("INSERT INTO audit_log (created_at, actor_id, actor_email, action, ip, user_agent) VALUES (?, NULL, 'old@example.com', 'sign-in', '', '') RETURNING id").bind(now - 731 * 86_400_000).first<{ id: number }>();
    await expect(env.DB.prepare("UPDATE audit_log SET actor_email = 'forged@example.com' WHERE id = ?").bind(young!.id).run()).rejects.toThrow(/cannot be changed/);
    await expect(env.DB.prepare("DELETE FROM audit_log WHERE id = ?").bind(young!.id).run()).rejects.toThrow(/kept for 2 years/);
    await purgeExpiredRecords(env, now);
    expect(await env.DB.prepare("SELECT id FROM audit_log WHERE id = ?").bind(young!.id).first()).not.toBeNull();
    expect(await env.DB.prepare("SELECT id FROM audit_log WHERE id = ?").bind(old!.id).first()).toBeNull();
  });
});

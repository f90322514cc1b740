import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { freeWeekday } from "./lead-helpers";
import { appointmentNamed, book } from "./message-helpers";
import { createOwner, createStaff, postForm, signIn } from "./helpers";
import { getWithCookie, postWithCookie } from "./dashboard-helpers";

// Issue 26, third round: what a stolen session, a race or an anonymous visitor
// could still do to staff access, each shown to be closed.

let ipCounter = 0;
const freshIp = () => `100.80.0.${++ipCounter}`;

function linkIn(html: string): string {
  const match = /id="password-link-url"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*id="password-link-url"/.exec(html);
  if (!match) throw new Error("no link on the page");
  return (match[1] ?? match[2]!).replaceAll("&amp;", "&");
}

async function addPasskeyRow(userId: number, id = `key-${userId}-${crypto.randomUUID().slice(0, 8)}`) {
  await env.DB.prepare("INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES (?, ?, 'AAAA', 0, '', 'Chrome on Mac', ?)")
    .bind(id, userId, Date.now())
    .run();
  return id;
}

const passkeysOf = async (userId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM passkeys WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;
const owners = async () => (await env.DB.prepare("SELECT id FROM users WHERE role = 'owner'").all<{ id: number }>()).results.map((row) => row.id);

describe("a passkey does not outlive a password reset (item 4)", () => {
  it("the owner's reset removes the member's passkeys, and the question says so", async () => {
    const ownerCookie = await signIn(await createOwner());
    const member = await createStaff();
    await addPasskeyRow(member.id);
    const question = await (await getWithCookie(`/dashboard/staff?confirm=reset&member=${member.id}`, ownerCookie)).text();
    expect(question).toContain("their passkeys are removed");
    const reset = await postWithCookie("/dashboard/staff", { intent: "reset", userId: String(member.id) }, ownerCookie);
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain("their passkeys are removed");
    expect(await passkeysOf(member.id)).toBe(0);
  });

  it("adding a passkey takes the current password once the sign-in is over 5 minutes old", async () => {
    const staff = await createStaff();
    const cookie = await signIn(staff);
    const challenges = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM passkey_challenges WHERE user_id = ?").bind(staff.id).first<{ n: number }>())!.n;
    // Just signed in: no password needed.
    expect((await postWithCookie("/dashboard/account/passkeys", { intent: "options" }, cookie)).status).toBe(200);
    expect(await challenges()).toBe(1);

    // Six minutes later (a session someone else may have picked up).
    await env.DB.prepare("UPDATE sessions SET created_at = created_at - 360000 WHERE user_id = ?").bind(staff.id).run();
    for (const fields of [{ intent: "options" }, { intent: "options", currentPassword: "not-the-password" }] as Record<string, string>[]) {
      const refused = await postWithCookie("/dashboard/account/passkeys", fields, cookie);
      expect(refused.status).toBe(400);
      const answer = (await refused.json()) as { error: string; needsPassword: boolean };
      expect(answer.needsPassword).toBe(true);
      expect(answer.error).toMatch(/current password/);
    }
    expect(await challenges()).toBe(1);
    const confirmed = await postWithCookie("/dashboard/account/passkeys", { intent: "options", currentPassword: staff.password }, cookie);
    expect(confirmed.status).toBe(200);
    expect(await challenges()).toBe(2);
  });
});

describe("the store always has an owner (item 10)", () => {
  it("'Make owner' and 'Remove' sent together for one member leave exactly one owner", async () => {
    for (let round = 0; round < 4; round++) {
      const owner = await createOwner();
      const ownerCookie = await signIn(owner);
      const member = await createStaff();
      const [transfer, remove] = await Promise.all([
        postWithCookie("/dashboard/staff", { intent: "transfer", userId: String(member.id) }, ownerCookie),
        postWithCookie("/dashboard/staff", { intent: "remove", userId: String(member.id) }, ownerCookie),
      ]);
      expect([transfer.status, remove.status]).toEqual([302, 302]);
      const left = await owners();
      expect(left, `round ${round}`).toHaveLength(1);
      expect([owner.id, member.id]).toContain(left[0]);
    }
  });

  it("the database refuses to delete the owner's row", async () => {
    const owner = await createOwner();
    await expect(env.DB.prepare("DELETE FROM users WHERE id = ?").bind(owner.id).run()).rejects.toThrow(/owner cannot be removed/);
    expect(await owners()).toEqual([owner.id]);
  });
});

describe("a reset link does not outlive a change of role (item 11)", () => {
  it("after ownership moves to the member, the former owner's outstanding reset link is dead", async () => {
    const owner = await createOwner();
    const ownerCookie = await signIn(owner);
    const member = await createStaff();
    const reset = await postWithCookie("/dashboard/staff", { intent: "reset", userId: String(member.id) }, ownerCookie);
    const link = linkIn(await reset.text());
    // The member gets back in some other way (here: a password set directly), and is made the owner.
    await env.DB.prepare("UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = ?) WHERE id = ?").bind(owner.id, member.id).run();
    expect((await postWithCookie("/dashboard/staff", { intent: "transfer", userId: String(member.id) }, ownerCookie)).status).toBe(302);
    expect(await owners()).toEqual([member.id]);

    const used = await postForm(new URL(link).pathname, { newPassword: "the-former-owners-pick", confirmPassword: "the-former-owners-pick" });
    expect(used.status).toBe(410);
    const takeover = await postForm("/login", { email: member.email, password: "the-former-owners-pick" }, { "CF-Connecting-IP": freshIp() });
    expect(takeover.status).toBe(401);
  });
});

describe("a transfer never leaves an owner who cannot sign in (issue 37, item 5)", () => {
  const roleOf = async (userId: number) => (await env.DB.prepare("SELECT role FROM users WHERE id = ?").bind(userId).first<{ role: string }>())!.role;
  /** The member's row on the staff page the owner gets back. */
  const memberRow = (html: string, email: string) =>
    [...html.matchAll(/<li[^>]*data-testid="member"[\s\S]*?<\/li>(?=\s*(?:<li|<\/ul>))/g)].map((match) => match[0]).find((row) => row.includes(email)) ?? "";

  it("refuses to make owner a member whose reset link is unused, says why beside her, changes nothing, and her link still works", async () => {
    const owner = await createOwner();
    const ownerCookie = await signIn(owner);
    const member = await createStaff();
    const reset = await postWithCookie("/dashboard/staff", { intent: "reset", userId: String(member.id) }, ownerCookie);
    const link = linkIn(await reset.text());

    // Without JavaScript (the page comes back) and with it (React Router's data request): refused both ways.
    for (const path of ["/dashboard/staff", "/dashboard/staff.data"]) {
      const refused = await postWithCookie(path, { intent: "transfer", userId: String(member.id) }, ownerCookie);
      expect(refused.status, path).toBe(409);
      const body = await refused.text();
      expect(body, path).toContain("has not chosen a new password since theirs was reset");
      if (path === "/dashboard/staff") {
        expect(memberRow(body, member.email)).toMatch(/role="alert"[\s\S]*has not chosen a new password since theirs was reset/);
      }
      expect(await owners(), path).toEqual([owner.id]);
      expect(await roleOf(member.id), path).toBe("staff");
    }
    expect((await getWithCookie("/dashboard/staff", ownerCookie)).status).toBe(200);

    // Her link was not cancelled: she sets a password and signs in; then the transfer goes through.
    expect((await postForm(new URL(link).pathname, { newPassword: "her-own-new-password", confirmPassword: "her-own-new-password" })).status).toBe(302);
    await signIn({ email: member.email, password: "her-own-new-password" });
    const transferred = await postWithCookie("/dashboard/staff", { intent: "transfer", userId: String(member.id) }, ownerCookie);
    expect(transferred.status).toBe(302);
    expect(await owners()).toEqual([member.id]);
    expect((await getWithCookie("/dashboard/staff", await signIn({ email: member.email, password: "her-own-new-password" }))).status).toBe(200);
  });
});

describe("anonymous requests cost the audit trail little (item 9)", () => {
  const failedRows = async (ip: string) =>
    (
      await env.DB.prepare("SELECT actor_id, actor_email, count, details, user_agent, last_at FROM audit_log WHERE action = 'sign-in-failed' AND ip = ?")
        .bind(ip)
        .all<{ actor_id: number | null; actor_email: string; count: number; details: string; user_agent: string; last_at: number | null }>()
    ).results;

  it("repeated failures roll up into one entry with a count; paused tries write nothing; typed text is not kept", async () => {
    const staff = await createStaff();
    const ip = freshIp();
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36 ${"x".repeat(280)}`;
    for (let i = 0; i < 3; i++) {
      expect((await postForm("/login", { email: staff.email, password: "wrong-password" }, { "CF-Connecting-IP": ip, "User-Agent": userAgent })).status).toBe(401);
    }
    const typed = `${"attacker-chosen-".repeat(14)}@example.com`;
    for (let i = 0; i < 2; i++) {
      expect((await postForm("/login", { email: typed, password: "wrong-password" }, { "CF-Connecting-IP": ip, "User-Agent": userAgent })).status).toBe(401);
    }
    // The address is paused now: these are refused unchecked, and leave no trace.
    for (let i = 0; i < 10; i++) {
      expect((await postForm("/login", { email: typed, password: "wrong-password" }, { "CF-Connecting-IP": ip, "User-Agent": userAgent })).status).toBe(429);
    }
    const rows = await failedRows(ip);
    expect(rows.map(({ actor_id, actor_email, count }) => ({ actor_id, actor_email, count }))).toEqual([
      { actor_id: staff.id, actor_email: staff.email, count: 3 },
      { actor_id: null, actor_email: "", count: 2 },
    ]);
    for (const row of rows) {
      expect(row.user_agent).toBe("");
      expect(JSON.parse(row.details)).toEqual({ method: "password", reason: "wrong e-mail or password", device: "Chrome on Linux" });
      expect(row.last_at).not.toBeNull();
      expect(JSON.stringify(row)).not.toContain("attacker-chosen");
    }
    // The owner reads how many.
    const page = await (await getWithCookie("/dashboard/audit", await signIn(await createOwner()))).text();
    expect(page).toMatch(/Failed sign-in \(3 times, the last at [^)]+\)/);
  });

  it("a rolled-up entry can count one more try, and nothing else about it changes", async () => {
    const ip = freshIp();
    await postForm("/login", { email: "nobody-rollup@example.com", password: "wrong-password" }, { "CF-Connecting-IP": ip });
    const [row] = await failedRows(ip);
    expect(row!.count).toBe(1);
    await expect(env.DB.prepare("UPDATE audit_log SET count = 1000 WHERE ip = ?").bind(ip).run()).rejects.toThrow(/cannot be changed/);
    await expect(env.DB.prepare("UPDATE audit_log SET count = count + 1, details = 'forged' WHERE ip = ?").bind(ip).run()).rejects.toThrow(/cannot be changed/);
    // An ordinary entry cannot be counted up either.
    const ordinary = await env.DB.prepare("INSERT INTO audit_log (created_at, actor_id, actor_email, action, ip, user_agent) VALUES (?, NULL, 'plain@example.com', 'sign-in', ?, '') RETURNING id")
      .bind(Date.now(), ip)
      .first<{ id: number }>();
    await expect(env.DB.prepare("UPDATE audit_log SET count = count + 1 WHERE id = ?").bind(ordinary!.id).run()).rejects.toThrow(/cannot be changed/);
  });

  it("passkey failures roll up too, and a paused passkey try writes nothing", async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) await postForm("/login/passkey", { intent: "verify", response: "{}" }, { "CF-Connecting-IP": ip });
    const rows = await failedRows(ip);
    expect(rows.map((row) => row.count)).toEqual([10]);
  });

  it("caps the sign-in challenges one address can store", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await postForm("/login/passkey", { intent: "options" }, { "CF-Connecting-IP": ip })).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    // Another address still gets its challenge.
    expect((await postForm("/login/passkey", { intent: "options" }, { "CF-Connecting-IP": freshIp() })).status).toBe(200);
  });
});

describe("staff texts say who sent them (item 12)", () => {
  it("the outbox row and the audit trail name the staff member", async () => {
    const name = `Audited Text ${crypto.randomUUID().slice(0, 6)}`;
    const fields = { name, phone: "(901) 555-7310", service: "Repair", date: freeWeekday(), time: "11:00 AM", email: "visitor@example.com", smsConsent: "on" };
    expect((await book(fields)).status).toBe(302);
    const appointment = await appointmentNamed(name);
    const staff = await createStaff();
    const cookie = await signIn(staff);
    const path = `/dashboard/appointments/${appointment.id}`;
    const form = { intent: "text", formId: crypto.randomUUID(), message: "Your ring is ready." };
    expect((await postWithCookie(path, form, cookie)).status).toBe(302);
    // A double click: one text, one entry.
    expect((await postWithCookie(path, form, cookie)).status).toBe(302);
    const texts = (
      await env.DB.prepare("SELECT id, sent_by FROM outbox WHERE kind = 'staff-text' AND lead_kind = 'appointment' AND record_id = ?").bind(appointment.id).all<{ id: number; sent_by: string }>()
    ).results;
    expect(texts).toEqual([{ id: texts[0]!.id, sent_by: staff.email }]);
    const entries = (
      await env.DB.prepare("SELECT actor_id, target, details FROM audit_log WHERE action = 'text-sent' AND actor_email = ?").bind(staff.email).all<{ actor_id: number; target: string; details: string }>()
    ).results;
    expect(entries).toEqual([{ actor_id: staff.id, target: `appointments #${appointment.id}`, details: JSON.stringify({ outboxId: texts[0]!.id }) }]);
  });
});

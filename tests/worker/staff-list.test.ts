import { env } from "cloudflare:test";
import { siteUrl } from "../../app/config/store";
import { describe, expect, it } from "vitest";
import { createOwner, createStaff, get, ORIGIN, postForm, signIn } from "./helpers";
import { getWithCookie, openLiveSocket, postWithCookie } from "./dashboard-helpers";

// The owner's staff list (docs/decisions/058).

async function isSignedIn(cookie: string) {
  const response = await getWithCookie("/dashboard", cookie);
  await response.text();
  return response.status === 200;
}

/** The one-time link on the page the owner gets back. */
function linkIn(html: string): string {
  const match = /id="password-link-url"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*id="password-link-url"/.exec(html);
  if (!match) throw new Error("no link on the page");
  return (match[1] ?? match[2]!).replaceAll("&amp;", "&");
}

async function invite(ownerCookie: string, email: string) {
  const response = await postWithCookie("/dashboard/staff", { intent: "invite", email }, ownerCookie);
  expect(response.status).toBe(200);
  return linkIn(await response.text());
}

function setPassword(link: string, password: string) {
  return postForm(new URL(link).pathname, { newPassword: password, confirmPassword: password });
}

const userCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>())!.n;
const invitationCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM invitations").first<{ n: number }>())!.n;

describe("who may use the staff page", () => {
  it("opens for the owner and shows the menu entry only to the owner", async () => {
    const owner = await createOwner();
    const staff = await createStaff();
    const ownerPage = await getWithCookie("/dashboard/staff", await signIn(owner));
    expect(ownerPage.status).toBe(200);
    const html = await ownerPage.text();
    expect(html).toContain(owner.email);
    expect(html).toContain(staff.email);
    expect(html).toContain('href="/dashboard/staff"');
    const staffInbox = await (await getWithCookie("/dashboard", await signIn(staff))).text();
    expect(staffInbox).not.toContain('href="/dashboard/staff"');
  });

  const requests: [string, (cookie?: string) => Promise<Response>][] = [];
  for (const suffix of ["", ".data"]) {
    requests.push([`GET /dashboard/staff${suffix}`, (cookie) => getWithCookie(`/dashboard/staff${suffix}`, cookie)]);
    for (const intent of ["invite", "remove", "reset", "transfer"]) {
      requests.push([
        `POST ${intent} to /dashboard/staff${suffix}`,
        (cookie) => postWithCookie(`/dashboard/staff${suffix}`, { intent, email: "intruder@example.com", userId: String(victimId) }, cookie),
      ]);
    }
  }
  let victimId = 0;

  it("refuses staff with 403 on every owner-only request, and changes nothing", async () => {
    const victim = await createStaff();
    victimId = victim.id;
    const cookie = await signIn(await createStaff());
    const [users, invites] = [await userCount(), await invitationCount()];
    for (const [label, send] of requests) {
      const response = await send(cookie);
      expect(response.status, label).toBe(403);
      expect(await response.text(), label).not.toContain(victim.email);
    }
    expect(await userCount()).toBe(users);
    expect(await invitationCount()).toBe(invites);
    expect(await env.DB.prepare("SELECT role FROM users WHERE id = ?").bind(victim.id).first()).toEqual({ role: "staff" });
  });

  it("sends anonymous requests to the login, and changes nothing", async () => {
    const victim = await createStaff();
    victimId = victim.id;
    const [users, invites] = [await userCount(), await invitationCount()];
    for (const [label, send] of requests) {
      const response = await send(undefined);
      if (label.includes(".data")) {
        // A data request gets React Router's redirect, never the page's data.
        expect([202, 204, 302], label).toContain(response.status);
        expect(await response.text(), label).not.toContain(victim.email);
      } else {
        expect(response.status, label).toBe(302);
        expect(response.headers.get("Location"), label).toMatch(/^\/login\?redirectTo=%2Fdashboard%2Fstaff/);
      }
    }
    expect(await userCount()).toBe(users);
    expect(await invitationCount()).toBe(invites);
  });
});

describe("invitations", () => {
  it("give a link shown once and e-mailed through the outbox; the colleague sets a password and signs in", async () => {
    const ownerCookie = await signIn(await createOwner());
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const link = await invite(ownerCookie, email);
    expect(new URL(link).origin).toBe(ORIGIN);
    const token = new URL(link).pathname.split("/").pop()!;

    // Only a hash is stored; the e-mail is queued with the link.
    const row = await env.DB.prepare("SELECT token_hash, expires_at, created_at FROM invitations WHERE email = ?").bind(email).first<{ token_hash: string; expires_at: number; created_at: number }>();
    expect(row!.token_hash).not.toContain(token);
    expect(row!.expires_at - row!.created_at).toBe(48 * 3600_000);
    const mail = await env.DB.prepare("SELECT recipient, text_body, kind FROM outbox WHERE recipient = ?").bind(email).first<{ recipient: string; text_body: string; kind: string }>();
    expect(mail).toMatchObject({ recipient: email, kind: "staff-invite" });
    // The e-mail links to the configured site, never the Host the request named (decision 052).
    expect(mail!.text_body).toContain(siteUrl(`/invite/${token}`));
    // The list shows it as pending, without the link.
    const list = await (await getWithCookie("/dashboard/staff", ownerCookie)).text();
    expect(list).toContain(email);
    expect(list).not.toContain(token);

    // Opening the link changes nothing; posting a password uses it.
    expect((await get(new URL(link).pathname)).status).toBe(200);
    expect((await get(new URL(link).pathname)).status).toBe(200);
    const set = await setPassword(link, "a-colleague-password");
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toBe("/login");
    expect(await env.DB.prepare("SELECT role FROM users WHERE email = ?").bind(email).first()).toEqual({ role: "staff" });
    expect(await isSignedIn(await signIn({ email, password: "a-colleague-password" }))).toBe(true);
  });

  it("work once: a second use, an expired link and a tampered link are refused", async () => {
    const ownerCookie = await signIn(await createOwner());
    const first = await invite(ownerCookie, `twice-${crypto.randomUUID().slice(0, 8)}@example.com`);
    expect((await setPassword(first, "a-colleague-password")).status).toBe(302);
    const again = await setPassword(first, "another-password-1");
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This link has expired or was already used.");
    expect((await get(new URL(first).pathname)).status).toBe(410);

    const expiredEmail = `expired-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const expired = await invite(ownerCookie, expiredEmail);
    await env.DB.prepare("UPDATE invitations SET expires_at = ? WHERE email = ?").bind(Date.now() - 1000, expiredEmail).run();
    expect((await get(new URL(expired).pathname)).status).toBe(410);
    expect((await setPassword(expired, "a-colleague-password")).status).toBe(410);

    const tamperedEmail = `tampered-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const real = await invite(ownerCookie, tamperedEmail);
    const flipped = real.slice(0, -1) + (real.endsWith("A") ? "B" : "A");
    for (const path of [new URL(flipped).pathname, "/invite/short", "/invite/%3Cscript%3E"]) {
      expect((await get(path)).status, path).toBe(410);
      expect((await postForm(path, { newPassword: "a-colleague-password", confirmPassword: "a-colleague-password" })).status, path).toBe(410);
    }
    const accounts = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email IN (?, ?)").bind(expiredEmail, tamperedEmail).first<{ n: number }>();
    expect(accounts!.n).toBe(0);
    // The real one still works.
    expect((await setPassword(real, "a-colleague-password")).status).toBe(302);
  });

  it("refuse someone who already has an account, and a bad address, next to the field", async () => {
    const ownerCookie = await signIn(await createOwner());
    const existing = await createStaff();
    const taken = await postWithCookie("/dashboard/staff", { intent: "invite", email: existing.email }, ownerCookie);
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("That person already has an account.");
    const bad = await postWithCookie("/dashboard/staff", { intent: "invite", email: "not-an-address" }, ownerCookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a valid e-mail address.");
  });

  it("need matching passwords of 12 characters or more", async () => {
    const link = await invite(await signIn(await createOwner()), `rules-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const short = await postForm(new URL(link).pathname, { newPassword: "short", confirmPassword: "short" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Use at least 12 characters.");
    const mismatch = await postForm(new URL(link).pathname, { newPassword: "a-colleague-password", confirmPassword: "a-different-password" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The two new passwords do not match.");
    expect((await setPassword(link, "a-colleague-password")).status).toBe(302);
  });
});

describe("managing members", () => {
  it("removing a member refuses their cookie at once and closes their open dashboard", async () => {
    const ownerCookie = await signIn(await createOwner());
    const member = await createStaff();
    const memberCookie = await signIn(member);
    const socket = await openLiveSocket(memberCookie);
    const response = await postWithCookie("/dashboard/staff", { intent: "remove", userId: String(member.id) }, ownerCookie);
    expect(response.status).toBe(302);
    expect(await socket.closed).toBe(4001);
    expect(await isSignedIn(memberCookie)).toBe(false);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(member.id).first()).toBeNull();
    expect((await postForm("/login", { email: member.email, password: member.password })).status).toBe(401);
  });

  it("resetting a password ends their sessions, voids the old password, and gives a link for a new one", async () => {
    const ownerCookie = await signIn(await createOwner());
    const member = await createStaff();
    const memberCookie = await signIn(member);
    const socket = await openLiveSocket(memberCookie);
    const response = await postWithCookie("/dashboard/staff", { intent: "reset", userId: String(member.id) }, ownerCookie);
    expect(response.status).toBe(200);
    const link = linkIn(await response.text());
    expect(await socket.closed).toBe(4001);
    expect(await isSignedIn(memberCookie)).toBe(false);
    expect((await postForm("/login", { email: member.email, password: member.password }, { "CF-Connecting-IP": "100.64.9.1" })).status).toBe(401);
    const mail = await env.DB.prepare("SELECT kind FROM outbox WHERE recipient = ? ORDER BY id DESC").bind(member.email).first();
    expect(mail).toEqual({ kind: "staff-reset" });
    expect((await setPassword(link, "a-fresh-password-1")).status).toBe(302);
    expect(await isSignedIn(await signIn({ email: member.email, password: "a-fresh-password-1" }))).toBe(true);
  });

  it("transferring ownership makes the member the owner and the former owner staff", async () => {
    const owner = await createOwner();
    const ownerCookie = await signIn(owner);
    const member = await createStaff();
    const response = await postWithCookie("/dashboard/staff", { intent: "transfer", userId: String(member.id) }, ownerCookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect((await getWithCookie("/dashboard/staff", ownerCookie)).status).toBe(403);
    expect((await getWithCookie("/dashboard/staff", await signIn(member))).status).toBe(200);
  });

  it("asks before each member action, and asking changes nothing", async () => {
    const owner = await createOwner();
    const ownerCookie = await signIn(owner);
    const member = await createStaff();
    const memberCookie = await signIn(member);
    const questions = { remove: `Remove ${member.email}?`, reset: `Reset ${member.email}’s password?`, transfer: `Make ${member.email} the owner?` };
    for (const [intent, question] of Object.entries(questions)) {
      const response = await getWithCookie(`/dashboard/staff?confirm=${intent}&member=${member.id}`, ownerCookie);
      expect(response.status, intent).toBe(200);
      const html = await response.text();
      const heading = /<h2 id="confirm-title"[^>]*>([\s\S]*?)<\/h2>/.exec(html)?.[1] ?? "";
      expect(heading.replace(/<[^>]+>/g, ""), intent).toBe(question);
      // The answer is a post of the action itself, for this member.
      const form = /<section[^>]*data-testid="staff-confirm"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
      expect(form, intent).toContain('method="post"');
      expect(form, intent).toContain(`name="intent" value="${intent}"`);
      expect(form, intent).toContain(`name="userId" value="${member.id}"`);
    }
    expect(await isSignedIn(memberCookie)).toBe(true);
    expect(await env.DB.prepare("SELECT role FROM users WHERE id = ?").bind(member.id).first()).toEqual({ role: "staff" });
    // Nothing to ask about: an unknown action, or the owner's own account.
    for (const query of [`confirm=delete&member=${member.id}`, `confirm=remove&member=${owner.id}`, "confirm=remove&member=abc"]) {
      const html = await (await getWithCookie(`/dashboard/staff?${query}`, ownerCookie)).text();
      expect(html, query).not.toContain('data-testid="staff-confirm"');
    }
  });

  it("never acts on the owner's own account", async () => {
    const owner = await createOwner();
    const ownerCookie = await signIn(owner);
    for (const intent of ["remove", "reset", "transfer"]) {
      const response = await postWithCookie("/dashboard/staff", { intent, userId: String(owner.id) }, ownerCookie);
      expect(response.status, intent).toBe(302);
      expect(response.headers.get("Location"), intent).toBe("/dashboard/staff");
    }
    expect(await env.DB.prepare("SELECT role FROM users WHERE id = ?").bind(owner.id).first()).toEqual({ role: "owner" });
    expect(await isSignedIn(ownerCookie)).toBe(true);
  });

  it("keeps one owner: the database refuses a second, and of two transfers at once only one happens", async () => {
    const owner = await createOwner();
    const ownerCookie = await signIn(owner);
    const [first, second] = [await createStaff(), await createStaff()];
    await expect(env.DB.prepare("UPDATE users SET role = 'owner' WHERE id = ?").bind(first.id).run()).rejects.toThrow(/UNIQUE/);

    // The owner confirms "Make owner" for two colleagues in two tabs at the same moment.
    const answers = await Promise.all(
      [first, second].map((member) => postWithCookie("/dashboard/staff", { intent: "transfer", userId: String(member.id) }, ownerCookie)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    const owners = await env.DB.prepare("SELECT id FROM users WHERE role = 'owner'").all<{ id: number }>();
    expect(owners.results).toHaveLength(1);
    expect([first.id, second.id]).toContain(owners.results[0]!.id);
    expect(await env.DB.prepare("SELECT role FROM users WHERE id = ?").bind(owner.id).first()).toEqual({ role: "staff" });
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createStaff, get, postForm, signIn } from "./helpers";
import { getWithCookie, postWithCookie } from "./dashboard-helpers";

// The passkey endpoints' server side. The full ceremonies (a real authenticator
// signing the challenge) run in tests/browser/staff-passkeys.spec.ts.

let ipCounter = 0;
const freshIp = () => `100.64.0.${++ipCounter}`;

describe("passkey sign-in", () => {
  it("hands out a one-use challenge for this site", async () => {
    const response = await postForm("/login/passkey", { intent: "options" }, { "CF-Connecting-IP": freshIp() });
    expect(response.status).toBe(200);
    const options = (await response.json()) as { challenge: string; rpId: string };
    expect(options.rpId).toBe("localhost");
    const row = await env.DB.prepare("SELECT user_id, expires_at FROM passkey_challenges WHERE challenge = ?")
      .bind(options.challenge)
      .first<{ user_id: number | null; expires_at: number }>();
    expect(row!.user_id).toBeNull();
    expect(row!.expires_at).toBeGreaterThan(Date.now());
  });

  it("refuses a malformed or unknown answer with a message, never a 500", async () => {
    for (const response of ["", "not json", "{}", JSON.stringify({ id: "no-such-key", response: {} }), "[1,2]"]) {
      const answer = await postForm("/login/passkey", { intent: "verify", response }, { "CF-Connecting-IP": freshIp() });
      expect(answer.status, response).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toContain("could not be used");
      expect(answer.headers.get("Set-Cookie") ?? "").not.toContain("staff_session=");
    }
  });

  it("is never throttled by password failures", async () => {
    const staff = await createStaff();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await postForm("/login", { email: staff.email, password: "wrong-password" }, { "CF-Connecting-IP": ip });
    expect((await postForm("/login", { email: staff.email, password: staff.password }, { "CF-Connecting-IP": ip })).status).toBe(429);
    // The passkey endpoint still verifies (and refuses this bogus answer on its merits, not with 429).
    const answer = await postForm("/login/passkey", { intent: "verify", response: JSON.stringify({ id: "unknown" }) }, { "CF-Connecting-IP": ip });
    expect(answer.status).toBe(400);
  });

  it("limits failed passkey tries per address on its own counter", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await postForm("/login/passkey", { intent: "verify", response: "{}" }, { "CF-Connecting-IP": ip })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("changes nothing on GET", async () => {
    const response = await get("/login/passkey");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });
});

describe("adding and removing passkeys", () => {
  it("needs a signed-in session, with and without the .data suffix", async () => {
    const accountChallenges = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM passkey_challenges WHERE user_id IS NOT NULL").first<{ n: number }>())!.n;
    const before = await accountChallenges();
    const plain = await postWithCookie("/dashboard/account/passkeys", { intent: "options" }, undefined);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const data = await postWithCookie("/dashboard/account/passkeys.data", { intent: "options" }, undefined);
    expect(data.status).not.toBe(200);
    expect(data.headers.get("Content-Type") ?? "").not.toContain("application/json");
    expect(await accountChallenges()).toBe(before);
  });

  it("gives a signed-in member registration options for their own account, excluding keys they have", async () => {
    const staff = await createStaff();
    const cookie = await signIn(staff);
    await env.DB.prepare("INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES (?, ?, 'AAAA', 0, 'internal', 'Chrome on Mac', ?)")
      .bind(`existing-${staff.id}`, staff.id, Date.now())
      .run();
    const response = await postWithCookie("/dashboard/account/passkeys", { intent: "options" }, cookie);
    expect(response.status).toBe(200);
    const options = (await response.json()) as { user: { name: string }; excludeCredentials: { id: string }[]; challenge: string };
    expect(options.user.name).toBe(staff.email);
    expect(options.excludeCredentials.map((key) => key.id)).toEqual([`existing-${staff.id}`]);
    const row = await env.DB.prepare("SELECT user_id FROM passkey_challenges WHERE challenge = ?").bind(options.challenge).first<{ user_id: number }>();
    expect(row!.user_id).toBe(staff.id);

    const bogus = await postWithCookie("/dashboard/account/passkeys", { intent: "register", response: "{}" }, cookie);
    expect(bogus.status).toBe(400);
    expect(((await bogus.json()) as { error: string }).error).toContain("could not be added");
  });

  it("lists passkeys on the account page and removes only the caller's own", async () => {
    const staff = await createStaff();
    const other = await createStaff();
    const cookie = await signIn(staff);
    for (const [id, owner] of [[`mine-${staff.id}`, staff.id], [`theirs-${other.id}`, other.id]] as const) {
      await env.DB.prepare("INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES (?, ?, 'AAAA', 0, '', 'Safari on iPhone', ?)")
        .bind(id, owner, Date.now())
        .run();
    }
    const page = await (await getWithCookie("/dashboard/account", cookie)).text();
    expect(page.match(/data-testid="passkey"/g)).toHaveLength(1);
    expect(page).toContain("Safari on iPhone");

    await postWithCookie("/dashboard/account", { intent: "remove-passkey", passkeyId: `theirs-${other.id}` }, cookie);
    const removed = await postWithCookie("/dashboard/account", { intent: "remove-passkey", passkeyId: `mine-${staff.id}` }, cookie);
    expect(removed.status).toBe(302);
    const left = await env.DB.prepare("SELECT id FROM passkeys WHERE id IN (?, ?)").bind(`mine-${staff.id}`, `theirs-${other.id}`).all<{ id: string }>();
    expect(left.results.map((row) => row.id)).toEqual([`theirs-${other.id}`]);
  });
});

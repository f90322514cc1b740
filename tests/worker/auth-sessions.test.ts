import { env } from "cloudflare:test";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { SIGNED_OUT } from "../../party/protocol";
import { createStaff, postForm } from "./helpers";
import { claimsOf, cookieWithToken, getWithCookie, openLiveSocket, postWithCookie, signToken } from "./dashboard-helpers";

// Server-side sessions (docs/decisions/056): each sign-in is a row; ending it
// ends that cookie at once and closes that session's live connections.

const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

/** Signs in from a given browser and address; returns the session cookie. */
async function signInFrom(staff: { email: string; password: string }, userAgent = MAC_CHROME, ip = freshIp()) {
  const response = await postForm("/login", { email: staff.email, password: staff.password }, { "User-Agent": userAgent, "CF-Connecting-IP": ip });
  const match = /staff_session=[^;]+/.exec(response.headers.getSetCookie().join("\n"));
  if (!match) throw new Error(`sign-in failed with ${response.status}`);
  return match[0];
}

async function isSignedIn(cookie: string) {
  const response = await getWithCookie("/dashboard", cookie);
  await response.text();
  return response.status === 200;
}

async function announce(id: number) {
  const room = await getServerByName(env.DashboardRoom, "staff");
  await room.announce({ type: "record-created", list: "contacts", id, createdAt: Date.now() });
}

describe("signing out (red-team finding 3)", () => {
  it("ends the session on the server: the old cookie opens nothing afterwards", async () => {
    const staff = await createStaff();
    const cookie = await signInFrom(staff);
    const other = await signInFrom(staff);
    expect(await isSignedIn(cookie)).toBe(true);
    const response = await postWithCookie("/logout", {}, cookie);
    expect(response.status).toBe(302);
    // The cookie the browser was told to forget, replayed, is refused...
    expect(await isSignedIn(cookie)).toBe(false);
    expect((await getWithCookie("/dashboard.data", cookie)).status).not.toBe(200);
    // ...and the same account's other session goes on.
    expect(await isSignedIn(other)).toBe(true);
  });

  it("closes that session's open live connection, and only that one", async () => {
    const staff = await createStaff();
    const leaving = await signInFrom(staff);
    const staying = await signInFrom(staff);
    const mine = await openLiveSocket(leaving);
    const theirs = await openLiveSocket(staying);
    expect((await postWithCookie("/logout", {}, leaving)).status).toBe(302);
    expect(await mine.closed).toBe(4001);
    await announce(9001);
    await expect.poll(() => theirs.messages.length).toBe(1);
    // It heard only that it was signed out, never the lead.
    expect(mine.messages).toEqual([JSON.stringify(SIGNED_OUT)]);
    theirs.socket.close();
    // A new socket with the old cookie is refused.
    const reopened = await getWithCookie("/parties/dashboard-room/staff", leaving, { Upgrade: "websocket", Origin: "http://localhost:8787" });
    expect(reopened.status).toBe(401);
  });
});

describe("idle sessions", () => {
  it("end after 12 hours without use, and a session in use keeps going", async () => {
    const staff = await createStaff();
    const idle = await signInFrom(staff);
    const used = await signInFrom(staff);
    const at = (hoursAgo: number) => Date.now() - hoursAgo * 3600_000;
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE id = ?").bind(at(12) - 60_000, claimsOf(idle).sid).run();
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE id = ?").bind(at(11), claimsOf(used).sid).run();
    expect(await isSignedIn(idle)).toBe(false);
    expect(await isSignedIn(used)).toBe(true);
    // Using it counts as use: last seen moves to now.
    const row = await env.DB.prepare("SELECT last_seen_at FROM sessions WHERE id = ?").bind(claimsOf(used).sid).first<{ last_seen_at: number }>();
    expect(row!.last_seen_at).toBeGreaterThan(at(0.1));
  });

  it("renew the cookie of a session in use, so working past 12 hours since sign-in does not sign anyone out", async () => {
    const staff = await createStaff();
    const claims = claimsOf(await signInFrom(staff));
    const now = Math.floor(Date.now() / 1000);
    const twoHoursOld = cookieWithToken(await signToken({ ...claims, iat: now - 7200, exp: now + 36000 }));
    const response = await getWithCookie("/dashboard", twoHoursOld);
    expect(response.status).toBe(200);
    const renewed = /staff_session=[^;]+/.exec(response.headers.getSetCookie().join("\n"));
    expect(renewed).not.toBeNull();
    const renewedClaims = claimsOf(renewed![0]);
    expect(renewedClaims.sid).toBe(claims.sid);
    expect(renewedClaims.exp - renewedClaims.iat).toBe(12 * 3600);
    expect(renewedClaims.iat).toBeGreaterThanOrEqual(now);
    // A fresh cookie is not renewed on every request.
    const fresh = await getWithCookie("/dashboard", cookieWithToken(await signToken({ ...claims, iat: now, exp: now + 43200 })));
    expect(fresh.headers.getSetCookie().join("\n")).not.toContain("staff_session=");
  });
});

describe("the account page's session list", () => {
  it("lists this account's active sessions with device, last seen and address, marking this one", async () => {
    const staff = await createStaff();
    const phone = await signInFrom(staff, IPHONE, "192.0.2.201");
    const laptop = await signInFrom(staff, MAC_CHROME, "192.0.2.202");
    const colleague = await signInFrom(await createStaff(), MAC_CHROME, "192.0.2.203");
    await Promise.all([phone, colleague].map(isSignedIn));
    const html = await (await getWithCookie("/dashboard/account", laptop)).text();
    const items = [...html.matchAll(/<li[^>]*data-testid="session"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
    expect(items).toHaveLength(2);
    expect(items.join("\n")).toContain("Safari on iPhone");
    expect(items.join("\n")).toContain("192.0.2.201");
    expect(items.find((item) => item.includes("192.0.2.202"))).toContain("This device");
    expect(html).not.toContain("192.0.2.203");
    expect(html).toMatch(/Last seen/);
  });

  it("ends another session at once, closing its live connection, and keeps this one", async () => {
    const staff = await createStaff();
    const phone = await signInFrom(staff, IPHONE);
    const laptop = await signInFrom(staff);
    const phoneSocket = await openLiveSocket(phone);
    const response = await postWithCookie("/dashboard/account", { intent: "end-session", sessionId: claimsOf(phone).sid }, laptop);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/account");
    expect(await phoneSocket.closed).toBe(4001);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
  });

  it("signs this device out when it ends its own session", async () => {
    const staff = await createStaff();
    const laptop = await signInFrom(staff);
    const response = await postWithCookie("/dashboard/account", { intent: "end-session", sessionId: claimsOf(laptop).sid }, laptop);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/staff_session=;[^\n]*Max-Age=0/);
    expect(await isSignedIn(laptop)).toBe(false);
  });

  it("cannot end another account's session", async () => {
    const mine = await signInFrom(await createStaff());
    const theirs = await signInFrom(await createStaff());
    const response = await postWithCookie("/dashboard/account", { intent: "end-session", sessionId: claimsOf(theirs).sid }, mine);
    expect(response.status).toBe(302);
    expect(await isSignedIn(theirs)).toBe(true);
    expect(await isSignedIn(mine)).toBe(true);
  });
});

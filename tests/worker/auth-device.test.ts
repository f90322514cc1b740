import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createStaff, postForm } from "./helpers";
import { signToken } from "./dashboard-helpers";

// Device cookies (docs/decisions/055): a browser that signed in to an account is
// throttled only by its own failures; unknown browsers share the account's lockout.

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function login(fields: Record<string, string>, ip: string, cookie?: string) {
  return postForm("/login", fields, { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) });
}

/** The device cookie a response sets, as a Cookie header value. */
function deviceCookieFrom(response: Response): string {
  const match = /staff_device=[^;]+/.exec(response.headers.getSetCookie().join("\n"));
  if (!match) throw new Error(`no device cookie set (status ${response.status})`);
  return match[0];
}

/** Signs in once, as the owner did yesterday on their laptop, and keeps the device cookie. */
async function knownDevice(staff: { email: string; password: string }, ip = freshIp()) {
  const response = await login({ email: staff.email, password: staff.password }, ip);
  expect(response.status).toBe(302);
  return deviceCookieFrom(response);
}

const deviceToken = (cookie: string) => JSON.parse(atob(decodeURIComponent(cookie.slice("staff_device=".length)))) as string;
const deviceCookieWith = (token: string) => `staff_device=${encodeURIComponent(btoa(JSON.stringify(token)))}`;

async function failFiveTimes(email: string, ip: () => string, cookie?: string) {
  for (let i = 0; i < 5; i++) {
    expect((await login({ email, password: `wrong-password-${i}` }, ip(), cookie)).status).toBe(401);
  }
}

describe("device cookies", () => {
  it("are set on sign-in: signed, HttpOnly, SameSite, for every path the sign-in posts to, bound to the account", async () => {
    const staff = await createStaff();
    const response = await login({ email: staff.email, password: staff.password }, freshIp());
    const [legacy, setCookie] = response.headers.getSetCookie().filter((line) => line.startsWith("staff_device="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // With JavaScript the form posts to /login.data, which a cookie for `/login` never reaches (issue 26, item 1).
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    // The first cookie, scoped to /login, is cleared so it cannot shadow this one there.
    expect(legacy).toMatch(/^staff_device=; .*Path=\/login(;|$)/);
    expect(legacy).toMatch(/Max-Age=0/);
    const [, payload] = deviceToken(deviceCookieFrom(response)).split(".");
    expect(JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")))).toMatchObject({ sub: staff.email });
    // A failed sign-in gives no device cookie.
    const failed = await login({ email: staff.email, password: "wrong-password" }, freshIp());
    expect(failed.headers.getSetCookie().join("\n")).not.toContain("staff_device=");
  });

  it("keep the owner in after a stranger fails five times on the owner's e-mail", async () => {
    const owner = await createStaff();
    const laptop = await knownDevice(owner);
    await failFiveTimes(owner.email, freshIp);
    // Unknown devices share the lockout, even with the right password...
    expect((await login({ email: owner.email, password: owner.password }, freshIp())).status).toBe(429);
    // ...the owner's laptop does not.
    expect((await login({ email: owner.email, password: owner.password }, freshIp(), laptop)).status).toBe(302);
  });

  it("keep the owner in when the browser posts the form as React Router does, to /login.data", async () => {
    const owner = await createStaff();
    const laptop = await knownDevice(owner);
    await failFiveTimes(owner.email, freshIp);
    const viaData = await postForm("/login.data", { email: owner.email, password: owner.password }, { "CF-Connecting-IP": freshIp(), Cookie: laptop });
    // React Router answers a data request's redirect with 202 and the redirect in its body.
    expect(viaData.status).toBe(202);
    expect(viaData.headers.getSetCookie().join("\n")).toContain("staff_session=");
  });

  it("keep the owner in while a script keeps trying all day, and the pause ends on time", async () => {
    const owner = await createStaff();
    const laptop = await knownDevice(owner);
    const key = `login:email:${owner.email}`;
    for (let window = 0; window < 3; window++) {
      await failFiveTimes(owner.email, freshIp);
      const first = await login({ email: owner.email, password: "still-guessing" }, freshIp());
      expect(first.status).toBe(429);
      const firstWait = Number(first.headers.get("Retry-After"));
      // Tries during the pause are refused and not counted: the wait only shrinks.
      for (let i = 0; i < 5; i++) {
        const again = await login({ email: owner.email, password: `guess-${i}` }, freshIp());
        expect(again.status).toBe(429);
        expect(Number(again.headers.get("Retry-After"))).toBeLessThanOrEqual(firstWait);
      }
      const row = await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?").bind(key).first<{ count: number }>();
      expect(row!.count).toBe(6);
      // The owner's laptop signs in throughout.
      expect((await login({ email: owner.email, password: owner.password }, freshIp(), laptop)).status).toBe(302);
      // The window passes: the pause is over, for unknown devices too.
      await env.DB.prepare("UPDATE rate_limits SET window_start = window_start - 900000 WHERE key = ?").bind(key).run();
    }
    expect((await login({ email: owner.email, password: owner.password }, freshIp())).status).toBe(302);
  });

  it("keep colleagues on known devices in when one of them fails five times from the store's address", async () => {
    const storeIp = freshIp();
    const typist = await createStaff();
    const colleague = await createStaff();
    const colleaguesPhone = await knownDevice(colleague, storeIp);
    await failFiveTimes(typist.email, () => storeIp);
    // The address slows unknown devices...
    expect((await login({ email: colleague.email, password: colleague.password }, storeIp)).status).toBe(429);
    // ...and never blocks a known device's correct password.
    expect((await login({ email: colleague.email, password: colleague.password }, storeIp, colleaguesPhone)).status).toBe(302);
  });

  it("pause a known device on its own failures only", async () => {
    const staff = await createStaff();
    const phone = await knownDevice(staff);
    const laptop = await knownDevice(staff);
    await failFiveTimes(staff.email, freshIp, phone);
    expect((await login({ email: staff.email, password: staff.password }, freshIp(), phone)).status).toBe(429);
    expect((await login({ email: staff.email, password: staff.password }, freshIp(), laptop)).status).toBe(302);
    // The account's shared counter for unknown devices was not touched.
    expect((await login({ email: staff.email, password: staff.password }, freshIp())).status).toBe(302);
  });

  it("count as no cookie when forged, tampered, foreign or of the wrong kind", async () => {
    const owner = await createStaff();
    const other = await createStaff();
    const laptop = await knownDevice(owner);
    const othersLaptop = await knownDevice(other);
    await failFiveTimes(owner.email, freshIp);

    const token = deviceToken(laptop);
    const [header, payload, signature] = token.split(".");
    const flipped = signature!.slice(0, -2) + (signature!.endsWith("AA") ? "BB" : "AA");
    const now = Math.floor(Date.now() / 1000);
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    const cases: Record<string, string> = {
      "another account's device cookie": othersLaptop,
      "a tampered signature": deviceCookieWith(`${header}.${payload}.${flipped}`),
      "another secret": deviceCookieWith(await signToken({ ...claims }, "another-secret-that-is-long-enough-000000")),
      "an edited account": deviceCookieWith(`${header}.${btoa(JSON.stringify({ ...claims, sub: other.email })).replace(/=+$/, "")}.${signature}`),
      "a session token": `staff_device=${encodeURIComponent(btoa(JSON.stringify(await signToken({ sub: owner.email, jti: claims.jti, iat: now, exp: now + 3600 }))))}`,
      "an expired cookie": deviceCookieWith(await signToken({ ...claims, iat: now - 7200, exp: now - 60 })),
      garbage: "staff_device=not-a-cookie",
    };
    for (const [label, cookie] of Object.entries(cases)) {
      expect((await login({ email: owner.email, password: owner.password }, freshIp(), cookie)).status, label).toBe(429);
    }
    expect((await login({ email: owner.email, password: owner.password }, freshIp(), laptop)).status).toBe(302);
  });
});

describe("counting before verifying (red-team finding 5)", () => {
  it("lets only 5 of 30 parallel wrong sign-ins from one address be checked", async () => {
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login({ email: `parallel-${i}-${ip}@example.com`, password: "wrong-password" }, ip)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  it("lets only 5 of 30 parallel wrong sign-ins for one account be checked, from any addresses", async () => {
    const staff = await createStaff();
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => login({ email: staff.email, password: "wrong-password" }, freshIp())),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });
});

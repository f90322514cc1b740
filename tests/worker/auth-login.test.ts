import { env } from "cloudflare:test";
import jwt from "@tsndr/cloudflare-worker-jwt";
import { hashPassword } from "../../app/auth/password";
import { describe, expect, it, vi } from "vitest";
import { createStaff, get, ORIGIN, postForm, signIn } from "./helpers";
import { getWithCookie, postWithCookie, tokenOf } from "./dashboard-helpers";

let ipCounter = 0;
/** A fresh client address, so each test's throttling counts only its own tries. */
const freshIp = () => `203.0.113.${++ipCounter}`;

function login(fields: Record<string, string>, ip = freshIp()) {
  return postForm("/login", fields, { "CF-Connecting-IP": ip });
}

/** The form-level error box's text (the login shows failures there, not in an alert dialog). */
function formErrorText(html: string) {
  const match = /<div class="form-errors"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  return match ? match[1]!.replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim() : null;
}

describe("the login form", () => {
  it("requires an e-mail and a password, and a valid e-mail", async () => {
    const empty = await login({ email: "", password: "" });
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("Please enter your e-mail address.");
    expect(emptyHtml).toContain("Please enter your password.");

    const badEmail = await login({ email: "not-an-email", password: "whatever-password" });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.text()).toContain("Enter a valid e-mail address.");
  });

  it("lets password managers fill it: labelled fields with autocomplete, nothing blocking paste", async () => {
    const html = await (await get("/login")).text();
    expect(html).toMatch(/<input[^>]*type="email"[^>]*autoComplete="username"|<input[^>]*autocomplete="username"[^>]*type="email"/i);
    expect(html).toMatch(/autocomplete="current-password"/i);
    expect(html).not.toMatch(/onpaste|autocomplete="off"[^>]*name="password"/i);
  });

  it("shows the same inline message for a wrong password and an unknown account", async () => {
    const staff = await createStaff();
    const messages: (string | null)[] = [];
    for (const attempt of [
      { email: staff.email, password: "wrong-password-123" },
      { email: "nobody-here@example.com", password: staff.password },
    ]) {
      const response = await login(attempt);
      expect(response.status).toBe(401);
      expect(response.headers.get("Set-Cookie") ?? "").not.toContain("staff_session=");
      messages.push(formErrorText(await response.text()));
    }
    expect(messages).toEqual(["! Invalid email or password", "! Invalid email or password"]);
  });

  it("takes as long for an unknown account as for a wrong password: both run the same PBKDF2 derivation", async () => {
    // A real-cost hash (the default iterations), like accounts made by staff:create.
    const email = `timing-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await env.DB.prepare("INSERT INTO users (email, password_hash, token_version, created_at) VALUES (?, ?, 0, ?)")
      .bind(email, await hashPassword("correct-horse-battery"), Date.now())
      .run();
    // What makes the two answers take the same time is the work done, so the test
    // watches the work, not a clock (a loaded machine slows one run, never the other's call).
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    const derivations = async (fields: Record<string, string>) => {
      derive.mockClear();
      expect((await login(fields)).status).toBe(401);
      return derive.mock.calls.map(([algorithm, , length]) => ({ ...(algorithm as Pbkdf2Params), salt: undefined, length }));
    };
    try {
      const wrongPassword = await derivations({ email, password: "wrong-password-123" });
      const unknownAccount = await derivations({ email: "unknown-timing@example.com", password: "wrong-password-123" });
      expect(wrongPassword).toEqual([{ name: "PBKDF2", hash: "SHA-256", iterations: 100_000, salt: undefined, length: 256 }]);
      expect(unknownAccount).toEqual(wrongPassword);
    } finally {
      derive.mockRestore();
    }
  });
});

describe("login throttling", () => {
  it("answers 429 after 5 failed tries for one e-mail, from any address, even with the right password", async () => {
    const staff = await createStaff();
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: staff.email, password: `wrong-${i}-password` })).status).toBe(401);
    }
    const blocked = await login({ email: staff.email.toUpperCase(), password: staff.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(blocked.headers.get("Set-Cookie") ?? "").not.toContain("staff_session=");
    expect(formErrorText(await blocked.text())).toMatch(/Too many failed sign-in attempts\. .*paused for \d+ minutes?/);
  });

  it("answers 429 after 5 failed tries from one IP, whichever e-mails they use", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: `guess${i}@example.com`, password: "wrong-password" }, ip)).status).toBe(401);
    }
    const staff = await createStaff();
    expect((await login({ email: staff.email, password: staff.password }, ip)).status).toBe(429);
    // Another address is unaffected.
    expect((await login({ email: staff.email, password: staff.password })).status).toBe(302);
  });

  it("lets sign-in through again once the window has passed", async () => {
    const staff = await createStaff();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login({ email: staff.email, password: "wrong-password" }, ip);
    expect((await login({ email: staff.email, password: staff.password }, ip)).status).toBe(429);
    // Move both counters' windows 15 minutes into the past, as if the time had passed.
    await env.DB.prepare("UPDATE rate_limits SET window_start = window_start - 900000 WHERE key IN (?, ?)")
      .bind(`login:email:${staff.email}`, `login:ip:${ip}`)
      .run();
    expect((await login({ email: staff.email, password: staff.password }, ip)).status).toBe(302);
  });

  it("counts only failures: a successful sign-in clears the e-mail's count, and colleagues sharing an IP are not locked out", async () => {
    const staff = await createStaff();
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await login({ email: staff.email, password: "wrong-password" }, freshIp());
    expect((await login({ email: staff.email, password: staff.password }, ip)).status).toBe(302);
    for (let i = 0; i < 4; i++) {
      expect((await login({ email: staff.email, password: "wrong-password" }, freshIp())).status).toBe(401);
    }
    for (let i = 0; i < 6; i++) {
      const colleague = await createStaff();
      expect((await login({ email: colleague.email, password: colleague.password }, ip)).status).toBe(302);
    }
  });
});

describe("after sign-in", () => {
  it("goes to /dashboard, or to the same-site page the guard sent the person from", async () => {
    const staff = await createStaff();
    const plain = await login({ email: staff.email, password: staff.password });
    expect(plain.headers.get("Location")).toBe("/dashboard");

    const guarded = await get("/dashboard?tab=orders&status=new");
    const loginUrl = new URL(guarded.headers.get("Location")!, ORIGIN);
    const loginPage = await (await get(loginUrl.pathname + loginUrl.search)).text();
    expect(loginPage).toContain('name="redirectTo" value="/dashboard?tab=orders&amp;status=new"');

    const back = await login({ email: staff.email, password: staff.password, redirectTo: "/dashboard?tab=orders&status=new" });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/dashboard?tab=orders&status=new");
  });

  it("refuses off-site redirectTo targets and falls back to /dashboard", async () => {
    const staff = await createStaff();
    for (const target of [
      "https://evil.example/phish",
      "//evil.example/phish",
      "/\\evil.example/phish",
      "\\\\evil.example",
      "/\t/evil.example",
      "https:evil.example",
      "javascript:alert(1)",
      `${ORIGIN}.evil.example/`,
      " /dashboard",
    ]) {
      const response = await login({ email: staff.email, password: staff.password, redirectTo: target });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("Location"), target).toBe("/dashboard");
    }
  });

  /** Paths that normalize into "//evil.example" (red-team finding 2). */
  const DOT_SEGMENT_TRICKS = ["/.//evil.example", "/%2e%2e//evil.example", "/x/..//evil.example", "/dashboard/../..//evil.example"];

  it("refuses targets that only become off-site once their dot segments are resolved, on every path that takes one", async () => {
    const staff = await createStaff();
    const cookie = await signIn(staff);
    for (const target of DOT_SEGMENT_TRICKS) {
      // A signed-in visitor of /login is sent on at once.
      const signedIn = await getWithCookie(`/login?${new URLSearchParams({ redirectTo: target })}`, cookie);
      expect(signedIn.status, target).toBe(302);
      expect(signedIn.headers.get("Location"), target).toBe("/dashboard");
      // The sign-in form carries the target in a hidden field...
      const page = await (await get(`/login?${new URLSearchParams({ redirectTo: target })}`)).text();
      expect(page, target).toContain('name="redirectTo" value="/dashboard"');
      // ...and the sign-in itself follows it.
      const response = await login({ email: staff.email, password: staff.password, redirectTo: target });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("Location"), target).toBe("/dashboard");
    }
  });

  it("sends a signed-in visitor of /login straight on, to a safe target only", async () => {
    const cookie = await signIn(await createStaff());
    const page = await getWithCookie("/login?redirectTo=%2Fdashboard%3Ftab%3Dcontacts", cookie);
    expect(page.headers.get("Location")).toBe("/dashboard?tab=contacts");
    const offsite = await getWithCookie("/login?redirectTo=https%3A%2F%2Fevil.example", cookie);
    expect(offsite.headers.get("Location")).toBe("/dashboard");
  });

  it("issues a session that expires: a 12-hour cookie and token", async () => {
    const cookie = await signIn(await createStaff());
    const { payload } = jwt.decode<{ iat: number; exp: number }>(tokenOf(cookie));
    expect(payload!.exp - payload!.iat).toBe(12 * 60 * 60);
    const other = await createStaff();
    const response = await login({ email: other.email, password: other.password });
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=43200/);
  });
});

describe("sign-out", () => {
  it("is a POST: a GET (a link, a prefetch) signs nobody out", async () => {
    const cookie = await signIn(await createStaff());
    const viaGet = await getWithCookie("/logout", cookie);
    expect(viaGet.status).toBe(302);
    expect(viaGet.headers.get("Set-Cookie") ?? "").not.toContain("staff_session=");
    expect((await getWithCookie("/dashboard", cookie)).status).toBe(200);
  });

  it("clears the cookie on POST and says so", async () => {
    const cookie = await signIn(await createStaff());
    const response = await postWithCookie("/logout", {}, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/staff_session=;[^\n]*Max-Age=0/);
    expect(setCookie).toContain("flash_toast=");
  });

  it("refuses a sign-out posted from another site", async () => {
    const cookie = await signIn(await createStaff());
    const response = await postWithCookie("/logout", {}, cookie, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie") ?? "").not.toContain("staff_session=");
  });
});

import { env, SELF } from "cloudflare:test";
import { getServerByName } from "partyserver";
import { beforeAll, describe, expect, it } from "vitest";
import { SIGNED_OUT } from "../../party/protocol";
import { createStaff, ORIGIN, signIn } from "./helpers";
import {
  claimsOf,
  cookieWithToken,
  getWithCookie,
  idOf,
  openLiveSocket,
  postWithCookie,
  seedContacts,
  signToken,
  tokenOf,
} from "./dashboard-helpers";

// Every kind of request under /dashboard, each without a cookie and with a
// malformed, tampered, expired, forged and revoked one: all read as signed out,
// none reveals a lead or changes anything. Valid sessions are the control.

const SECRET_NAME = "Guarded Person Q7";
let contactId = 0;
let staff: Awaited<ReturnType<typeof createStaff>>;
let validCookie = "";
const badCookies: Record<string, string> = {};

beforeAll(async () => {
  await seedContacts([{ name: SECRET_NAME, email: "guarded@example.com" }]);
  contactId = await idOf("contact_messages", SECRET_NAME);
  staff = await createStaff();
  validCookie = await signIn(staff);

  const now = Math.floor(Date.now() / 1000);
  const token = tokenOf(validCookie);
  const [header, payload, signature] = token.split(".");
  const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
  const otherStaff = await createStaff();
  // Same signature, payload changed to claim another account.
  const tamperedPayload = btoa(JSON.stringify({ ...claims, sub: String(otherStaff.id) }))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");

  const revokedStaff = await createStaff();
  const revokedCookie = await signIn(revokedStaff);
  await env.DB.prepare("UPDATE users SET token_version = token_version + 1 WHERE id = ?").bind(revokedStaff.id).run();
  const endedCookie = await signIn(await createStaff());
  await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(claimsOf(endedCookie).sid).run();
  const idleCookie = await signIn(await createStaff());
  await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE id = ?")
    .bind(Date.now() - 12 * 3600_000 - 60_000, claimsOf(idleCookie).sid)
    .run();

  Object.assign(badCookies, {
    missing: "",
    malformed: "staff_session=%%%not-base64%%%",
    "not a token": `staff_session=${encodeURIComponent(btoa(JSON.stringify("not.a.jwt")))}`,
    tampered: cookieWithToken(`${header}.${tamperedPayload}.${signature}`),
    expired: cookieWithToken(await signToken({ sub: String(staff.id), ver: 0, iat: now - 7200, exp: now - 60 })),
    "signed with another secret": cookieWithToken(
      await signToken({ sub: String(staff.id), ver: 0, iat: now, exp: now + 3600 }, "another-secret-that-is-long-enough-000000"),
    ),
    "without expiry": cookieWithToken(await signToken({ sub: String(staff.id), ver: 0, iat: now })),
    revoked: revokedCookie,
    "ended (its session row is gone)": endedCookie,
    "idle for 12 hours": idleCookie,
  });
});

async function expectLoginRedirect(response: Response, redirectTo?: string) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/login\?redirectTo=/);
  if (redirectTo) expect(new URL(location, ORIGIN).searchParams.get("redirectTo")).toBe(redirectTo);
  expect(response.headers.get("Set-Cookie") ?? "").not.toMatch(/staff_session=[^;]/);
  expect(await response.text()).not.toContain(SECRET_NAME);
}

/** A React Router data request that the guard refused: a redirect to the login, never the loader's data. */
async function expectDataRedirect(response: Response) {
  expect(response.status).toBe(202);
  const body = await response.text();
  expect(body).toMatch(/"redirect","\/login\?redirectTo=/);
  expect(body).not.toContain(SECRET_NAME);
}

async function statusOfContact() {
  const row = await env.DB.prepare("SELECT status, version FROM contact_messages WHERE id = ?").bind(contactId).first();
  const notes = await env.DB.prepare("SELECT count(*) AS notes FROM record_notes WHERE list = 'contacts' AND record_id = ?").bind(contactId).first();
  return { ...row, ...notes };
}

describe("the staff guard refuses", () => {
  const kinds = ["missing", "malformed", "not a token", "tampered", "expired", "signed with another secret", "without expiry", "revoked"];

  for (const kind of kinds) {
    describe(`a ${kind} cookie`, () => {
      it("on the inbox document, and remembers where to return", async () => {
        await expectLoginRedirect(await getWithCookie("/dashboard?tab=contacts", badCookies[kind]), "/dashboard?tab=contacts");
      });

      it("on the record document and the account page", async () => {
        await expectLoginRedirect(await getWithCookie(`/dashboard/contacts/${contactId}`, badCookies[kind]));
        await expectLoginRedirect(await getWithCookie("/dashboard/account", badCookies[kind]));
        await expectLoginRedirect(await getWithCookie("/dashboard/no-such-page", badCookies[kind]));
      });

      it("on React Router data requests (navigation and fetcher loads)", async () => {
        await expectDataRedirect(await getWithCookie("/dashboard.data?tab=contacts", badCookies[kind]));
        await expectDataRedirect(await getWithCookie("/dashboard.data?tab=contacts&live=1&unreadAfter=0", badCookies[kind]));
        await expectDataRedirect(await getWithCookie(`/dashboard/contacts/${contactId}.data`, badCookies[kind]));
      });

      it("on actions, plain and fetcher, and changes nothing", async () => {
        const before = await statusOfContact();
        await expectLoginRedirect(
          await postWithCookie(`/dashboard/contacts/${contactId}`, { intent: "status", status: "spam" }, badCookies[kind]),
        );
        await expectDataRedirect(
          await postWithCookie(
            `/dashboard/contacts/${contactId}.data`,
            { intent: "status", status: "spam", respond: "inline" },
            badCookies[kind],
          ),
        );
        await expectLoginRedirect(
          await postWithCookie(
            `/dashboard/contacts/${contactId}`,
            { intent: "details", status: "done", version: "1" },
            badCookies[kind],
          ),
        );
        await expectLoginRedirect(
          await postWithCookie(`/dashboard/contacts/${contactId}`, { intent: "note", formId: crypto.randomUUID(), note: "hijacked" }, badCookies[kind]),
        );
        expect(await statusOfContact()).toEqual(before);

        const versionBefore = await env.DB.prepare("SELECT token_version FROM users WHERE id = ?").bind(staff.id).first();
        await expectLoginRedirect(await postWithCookie("/dashboard/account", { intent: "sign-out-everywhere" }, badCookies[kind]));
        expect(await env.DB.prepare("SELECT token_version FROM users WHERE id = ?").bind(staff.id).first()).toEqual(versionBefore);
      });

      it("on the CSV export", async () => {
        const response = await getWithCookie("/dashboard/export?tab=contacts", badCookies[kind]);
        await expectLoginRedirect(response);
        expect(response.headers.get("Content-Type") ?? "").not.toContain("text/csv");
      });

      it("on the room's websocket", async () => {
        const response = await SELF.fetch(`${ORIGIN}/parties/dashboard-room/staff`, {
          headers: { Upgrade: "websocket", Origin: ORIGIN, ...(badCookies[kind] ? { Cookie: badCookies[kind] } : {}) },
        });
        expect(response.status).toBe(401);
        expect(response.webSocket).toBeNull();
      });
    });
  }
});

describe("a valid staff session", () => {
  it("opens every staff page, never cached and never indexed", async () => {
    for (const path of ["/dashboard", "/dashboard?tab=contacts", `/dashboard/contacts/${contactId}`, "/dashboard/account"]) {
      const response = await getWithCookie(path, validCookie);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(response.headers.get("X-Robots-Tag"), path).toContain("noindex");
      await response.text();
    }
    const contacts = await (await getWithCookie("/dashboard?tab=contacts", validCookie)).text();
    expect(contacts).toContain(SECRET_NAME);
  });

  it("gets a 404 inside the staff area for an unknown address, a bad inbox or a missing record", async () => {
    for (const path of ["/dashboard/no-such-page", "/dashboard/widgets/1", "/dashboard/contacts/abc", "/dashboard/contacts/99999999"]) {
      const response = await getWithCookie(path, validCookie);
      expect(response.status, path).toBe(404);
      await response.text();
    }
  });

  it("downloads the CSV export", async () => {
    const response = await getWithCookie("/dashboard/export?tab=contacts", validCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toContain(SECRET_NAME);
  });

  it("is refused by the room when the page is another site's", async () => {
    const response = await SELF.fetch(`${ORIGIN}/parties/dashboard-room/staff`, {
      headers: { Upgrade: "websocket", Origin: "https://evil.example", Cookie: validCookie },
    });
    expect(response.status).toBe(403);
  });
});

describe("the room only talks to live sessions", () => {
  const connect = openLiveSocket;

  async function announce(id: number) {
    const room = await getServerByName(env.DashboardRoom, "staff");
    await room.announce({ type: "record-created", list: "contacts", id, createdAt: Date.now() });
  }

  it("ignores a session header a browser sends itself", async () => {
    const response = await SELF.fetch(`${ORIGIN}/parties/dashboard-room/staff`, {
      headers: { Upgrade: "websocket", Origin: ORIGIN, "X-Verified-Staff-Session": `${staff.id}:${Date.now() + 60_000}` },
    });
    expect(response.status).toBe(401);
  });

  it("delivers events to a signed-in dashboard", async () => {
    const { socket, messages } = await connect(validCookie);
    await announce(101);
    await expect.poll(() => messages.length).toBe(1);
    expect(JSON.parse(messages[0]!)).toMatchObject({ type: "record-created", list: "contacts", id: 101 });
    socket.close();
  });

  it("closes a socket whose session expired instead of sending to it", async () => {
    const now = Math.floor(Date.now() / 1000);
    // A real session's claims, with an expiry two seconds away.
    const claims = claimsOf(await signIn(staff));
    const shortLived = cookieWithToken(await signToken({ ...claims, iat: now, exp: now + 2 }));
    const { messages, closed } = await connect(shortLived);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await announce(102);
    expect(await closed).toBe(4001);
    // The only thing it hears is that it is signed out (proxies may drop the close frame); never the lead.
    expect(messages).toEqual([JSON.stringify(SIGNED_OUT)]);
  });

  it("closes an account's sockets when it signs out everywhere, and only that account's", async () => {
    const other = await createStaff();
    const otherCookie = await signIn(other);
    const leaving = await createStaff();
    const leavingCookie = await signIn(leaving);
    const mine = await connect(leavingCookie);
    const theirs = await connect(otherCookie);

    const response = await postWithCookie("/dashboard/account", { intent: "sign-out-everywhere" }, leavingCookie);
    expect(response.status).toBe(302);
    expect(await mine.closed).toBe(4001);

    await announce(103);
    await expect.poll(() => theirs.messages.length).toBe(1);
    theirs.socket.close();
  });
});

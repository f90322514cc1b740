import { SELF } from "cloudflare:test";
import jwt from "@tsndr/cloudflare-worker-jwt";
import { describe, expect, it } from "vitest";
import { count, createStaff, get, ORIGIN, postForm, signIn } from "./helpers";
import { issueToken } from "./lead-helpers";
import { claimsOf } from "./dashboard-helpers";

const validContact = {
  name: "Ada Lovelace",
  phone: "(901) 555-0100",
  email: "ada@example.com",
  message: "Can you resize a ring?",
  smsConsent: "on",
};

describe("contact form", () => {
  it("stores a valid message and redirects with a success toast", async () => {
    const before = await count("contact_messages");
    const response = await postForm("/contactus", { ...validContact, submissionToken: await issueToken("contact") });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contactus");
    expect(response.headers.get("Set-Cookie")).toContain("flash_toast=");
    expect(await count("contact_messages")).toBe(before + 1);
  });

  it("answers an invalid post with 400 and field errors, and stores nothing", async () => {
    const before = await count("contact_messages");
    const response = await postForm("/contactus", {
      ...validContact,
      email: "not-an-email",
      smsConsent: "",
      submissionToken: await issueToken("contact"),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a valid e-mail address");
    expect(html).toContain("Please agree to texts about this message");
    expect(await count("contact_messages")).toBe(before);
  });
});

describe("dashboard guard", () => {
  const cookies = {
    missing: "",
    malformed: "staff_session=%%%not-base64",
    garbage: `staff_session=${btoa(JSON.stringify("not.a.jwt"))}`,
  };

  for (const [label, cookie] of Object.entries(cookies)) {
    it(`redirects a ${label} cookie to /login for document and data requests`, async () => {
      const document = await get("/dashboard", cookie ? { Cookie: cookie } : {});
      expect(document.status).toBe(302);
      expect(document.headers.get("Location")).toMatch(/^\/login/);

      const dataRequest = await get("/dashboard.data", cookie ? { Cookie: cookie } : {});
      expect(dataRequest.status).toBeLessThan(500);
      expect([202, 302, 204]).toContain(dataRequest.status);
      const body = await dataRequest.text();
      expect(body).toContain("/login");
    });
  }

  it("treats a tampered or expired token as signed out", async () => {
    const staff = await createStaff();
    const now = Math.floor(Date.now() / 1000);
    // Hand-signed tokens for a real server-side session (decision 056: the cookie names a sessions row).
    const { sid } = claimsOf(await signIn(staff));
    const expired = await jwt.sign(
      { sub: String(staff.id), ver: 0, sid, iat: now - 7200, exp: now - 3600 },
      "test-session-secret-0123456789abcdef0123456789",
    );
    const fresh = await jwt.sign(
      { sub: String(staff.id), ver: 0, sid, iat: now, exp: now + 3600 },
      "test-session-secret-0123456789abcdef0123456789",
    );
    const accepted = await get("/dashboard", { Cookie: `staff_session=${encodeURIComponent(btoa(JSON.stringify(fresh)))}` });
    expect(accepted.status).toBe(200);
    const forged = await jwt.sign({ sub: String(staff.id), ver: 0, sid, iat: now, exp: now + 3600 }, "some-other-secret-that-is-long-enough!!");
    for (const token of [expired, forged]) {
      const response = await get("/dashboard", { Cookie: `staff_session=${encodeURIComponent(btoa(JSON.stringify(token)))}` });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/login/);
    }
  });
});

describe("login", () => {
  it("sets an HttpOnly, SameSite=Lax, expiring cookie on good credentials", async () => {
    const staff = await createStaff();
    const response = await postForm("/login", { email: staff.email, password: staff.password });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/staff_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=\d+/);

    const dashboard = await get("/dashboard", { Cookie: /staff_session=[^;]+/.exec(setCookie)![0] });
    expect(dashboard.status).toBe(200);
  });

  it("refuses bad credentials without setting a cookie", async () => {
    const staff = await createStaff();
    for (const attempt of [
      { email: staff.email, password: "wrong-password-123" },
      { email: "nobody@example.com", password: staff.password },
    ]) {
      const response = await postForm("/login", attempt);
      expect(response.status).toBe(401);
      expect(response.headers.get("Set-Cookie") ?? "").not.toContain("staff_session=");
      expect(await response.text()).toContain("Invalid email or password");
    }
  });

  it("marks the cookie Secure outside plain-http localhost", async () => {
    const staff = await createStaff();
    const response = await SELF.fetch("https://jewelry.example/login", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://jewelry.example" },
      body: new URLSearchParams({ email: staff.email, password: staff.password }),
    });
    expect(response.headers.get("Set-Cookie")).toMatch(/Secure/);
  });
});

describe("dashboard room", () => {
  const roomUrl = `${ORIGIN}/parties/dashboard-room/staff`;

  it("refuses a websocket without a staff cookie", async () => {
    const response = await SELF.fetch(roomUrl, { headers: { Upgrade: "websocket", Origin: ORIGIN } });
    expect(response.status).toBe(401);
    expect(response.webSocket).toBeNull();
  });

  it("accepts staff and pushes a new contact message", async () => {
    const cookie = await signIn(await createStaff());
    const response = await SELF.fetch(roomUrl, { headers: { Upgrade: "websocket", Origin: ORIGIN, Cookie: cookie } });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    const received = new Promise<string>((resolve) => {
      socket.addEventListener("message", (event) => {
        const text = String(event.data);
        if (text.includes("record-created")) resolve(text);
      });
    });
    await postForm("/contactus", { ...validContact, name: "Live Push", submissionToken: await issueToken("contact") });
    const event = JSON.parse(await received);
    expect(event).toMatchObject({ type: "record-created", list: "contacts" });
    socket.close();
  });
});

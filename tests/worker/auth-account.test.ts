import { describe, expect, it } from "vitest";
import { createStaff, postForm, signIn } from "./helpers";
import { getWithCookie, postWithCookie } from "./dashboard-helpers";

function changePassword(cookie: string, fields: Partial<Record<"currentPassword" | "newPassword" | "confirmPassword", string>>) {
  return postWithCookie("/dashboard/account", { intent: "change-password", ...fields }, cookie);
}

/** The cookie a response sets, as a Cookie header value. */
function sessionCookieFrom(response: Response) {
  const match = /staff_session=[^;]+/.exec(response.headers.getSetCookie().join("\n"));
  if (!match || match[0] === "staff_session=") throw new Error("no session cookie set");
  return match[0];
}

async function isSignedIn(cookie: string) {
  const response = await getWithCookie("/dashboard", cookie);
  await response.text();
  return response.status === 200;
}

describe("changing the password", () => {
  it("needs the current password", async () => {
    const staff = await createStaff();
    const cookie = await signIn(staff);
    const response = await changePassword(cookie, {
      currentPassword: "not-my-password",
      newPassword: "a-brand-new-password",
      confirmPassword: "a-brand-new-password",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("That is not your current password.");
    expect(await isSignedIn(cookie)).toBe(true);
    expect((await postForm("/login", { email: staff.email, password: staff.password })).status).toBe(302);
  });

  it("needs at least 12 characters, typed the same twice, and different from the current one", async () => {
    const staff = await createStaff();
    const cookie = await signIn(staff);
    const cases: [Record<string, string>, string][] = [
      [{ currentPassword: staff.password, newPassword: "short-pass", confirmPassword: "short-pass" }, "Use at least 12 characters."],
      [
        { currentPassword: staff.password, newPassword: "a-brand-new-password", confirmPassword: "a-different-password" },
        "The two new passwords do not match.",
      ],
      [
        { currentPassword: staff.password, newPassword: staff.password, confirmPassword: staff.password },
        "Choose a password different from the current one.",
      ],
      [{ currentPassword: "", newPassword: "", confirmPassword: "" }, "Please enter your current password."],
    ];
    for (const [fields, message] of cases) {
      const response = await changePassword(cookie, fields);
      expect(response.status, message).toBe(400);
      expect(await response.text(), message).toContain(message);
    }
    expect((await postForm("/login", { email: staff.email, password: staff.password })).status).toBe(302);
  });

  it("keeps this device signed in with a new cookie and signs out every older session", async () => {
    const staff = await createStaff();
    const thisDevice = await signIn(staff);
    const otherDevice = await signIn(staff);
    const response = await changePassword(thisDevice, {
      currentPassword: staff.password,
      newPassword: "a-brand-new-password",
      confirmPassword: "a-brand-new-password",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/account");
    expect(response.headers.getSetCookie().join("\n")).toContain("flash_toast=");
    const renewed = sessionCookieFrom(response);

    expect(await isSignedIn(renewed)).toBe(true);
    expect(await isSignedIn(thisDevice)).toBe(false);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect((await postForm("/login", { email: staff.email, password: staff.password })).status).toBe(401);
    expect((await postForm("/login", { email: staff.email, password: "a-brand-new-password" })).status).toBe(302);
  });

  it("stops guessing the current password after 5 wrong tries", async () => {
    const staff = await createStaff();
    const cookie = await signIn(staff);
    const wrong = { currentPassword: "guess-password", newPassword: "a-brand-new-password", confirmPassword: "a-brand-new-password" };
    for (let i = 0; i < 5; i++) expect((await changePassword(cookie, wrong)).status).toBe(400);
    const blocked = await changePassword(cookie, { ...wrong, currentPassword: staff.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many wrong passwords.");
  });

  it("checks only 5 of 20 parallel wrong current passwords (red-team finding 5)", async () => {
    const staff = await createStaff();
    const cookie = await signIn(staff);
    const wrong = { currentPassword: "guess-password", newPassword: "a-brand-new-password", confirmPassword: "a-brand-new-password" };
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => changePassword(cookie, wrong)))).map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});

describe("signing out everywhere", () => {
  it("revokes every session of the account, including this one, and nobody else's", async () => {
    const staff = await createStaff();
    const phone = await signIn(staff);
    const desktop = await signIn(staff);
    const colleague = await signIn(await createStaff());

    const response = await postWithCookie("/dashboard/account", { intent: "sign-out-everywhere" }, desktop);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/staff_session=;[^\n]*Max-Age=0/);

    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(desktop)).toBe(false);
    expect(await isSignedIn(colleague)).toBe(true);
    // Signing in again works and gives a session that holds.
    expect(await isSignedIn(await signIn(staff))).toBe(true);
  });
});

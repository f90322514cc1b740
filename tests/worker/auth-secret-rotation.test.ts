import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import jwt from "@tsndr/cloudflare-worker-jwt";
import { describe, expect, it } from "vitest";
// The built Worker itself (workers/app.ts, built), so a request can be answered under another SESSION_SECRET than SELF's.
// It is read from build/, the default BUILD_DIR: a run against another build directory tests build/ here.
// @ts-expect-error -- the build output carries no types
import builtWorker from "../../build/server/index.js";
import { manageToken, verifyManageToken } from "../../app/leads/manage-token.server";
import { issueSubmissionToken, verifySubmissionToken } from "../../app/leads/submission-token.server";
import { TEST_SESSION_SECRET, tokenOf } from "./dashboard-helpers";
import { createStaff, ORIGIN, signIn } from "./helpers";

// Rotating SESSION_SECRET (decision 120): "new,old" signs with the new secret and still accepts what the old one
// signed, so nobody is signed out and no e-mailed manage link dies on the day of the change; once the old secret
// is dropped from the list, what it signed is refused. The Worker under test (SELF) runs with TEST_SESSION_SECRET,
// the "old" secret here: its real sign-in issues the cookie. The same built Worker then answers under the rotated
// settings; the HMAC tokens' modules are called with them.

const NEW_SECRET = "rotated-secret-fedcba9876543210fedcba9876543210";
const rotating = { ...env, SESSION_SECRET: `${NEW_SECRET}, ${TEST_SESSION_SECRET}` };
const rotated = { ...env, SESSION_SECRET: NEW_SECRET };
const old = { ...env, SESSION_SECRET: TEST_SESSION_SECRET };

type WorkerEnv = typeof env;
const worker = builtWorker as { fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response> };

async function fetchWith(workerEnv: WorkerEnv, request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const dashboard = (workerEnv: WorkerEnv, cookie: string) =>
  fetchWith(workerEnv, new Request(`${ORIGIN}/dashboard`, { redirect: "manual", headers: { Cookie: cookie } }));

describe("SESSION_SECRET rotation", () => {
  it("keeps a staff member signed in with a cookie of the old secret, signs new sessions with the new one, and refuses the old one once it is dropped", async () => {
    const staff = await createStaff();
    const oldCookie = await signIn(staff);

    expect((await dashboard(rotating, oldCookie)).status).toBe(200);
    const refused = await dashboard(rotated, oldCookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/login\?/);

    const login = await fetchWith(
      rotating,
      new Request(`${ORIGIN}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
        body: new URLSearchParams({ email: staff.email, password: staff.password }),
      }),
    );
    const newCookie = /staff_session=[^;]+/.exec(login.headers.get("Set-Cookie") ?? "")![0];
    const token = tokenOf(newCookie);
    expect(await jwt.verify(token, NEW_SECRET, { algorithm: "HS256" })).toBeTruthy();
    expect(await jwt.verify(token, TEST_SESSION_SECRET, { algorithm: "HS256" })).toBeUndefined();
    expect((await dashboard(rotated, newCookie)).status).toBe(200);
  });

  it("opens a manage link e-mailed before the change, makes new links with the new secret, and refuses a dropped secret's link", async () => {
    const reference = crypto.randomUUID();
    const emailed = await manageToken(old, reference);

    expect(await verifyManageToken(rotating, emailed)).toBe(reference);
    expect(await verifyManageToken(rotated, emailed)).toBeNull();

    const fresh = await manageToken(rotating, reference);
    expect(fresh).toBe(await manageToken(rotated, reference));
    expect(fresh).not.toBe(emailed);
    expect(await verifyManageToken(rotated, fresh)).toBe(reference);
  });

  it("accepts a form opened before the change, signs new forms with the new secret, and refuses a dropped secret's token", async () => {
    const openForm = await issueSubmissionToken(old, "contact");

    expect(await verifySubmissionToken(rotating, "contact", openForm)).toMatchObject({ ok: true });
    expect(await verifySubmissionToken(rotated, "contact", openForm)).toEqual({ ok: false, reason: "invalid" });

    const fresh = await issueSubmissionToken(rotating, "contact");
    expect(await verifySubmissionToken(rotated, "contact", fresh)).toMatchObject({ ok: true });
    expect(await verifySubmissionToken(old, "contact", fresh)).toEqual({ ok: false, reason: "invalid" });
  });
});

import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { applyCachePolicy, NEVER_CACHE, PUBLIC_PAGE_CACHE_CONTROL } from "../../app/http/cache-policy";
import { createStaff, get, ORIGIN, postForm, signIn } from "./helpers";

// Who may keep a copy (docs/decisions/041): the same public page for everyone
// may be shared by an edge cache; anything that depends on the visitor never.

const CONTENT_PAGES = ["/", "/services", "/aboutus", "/acima", "/snap", "/snapVSacima", "/terms", "/sms-terms", "/privacy"];
/** Each render carries a fresh submission token: sharing one would merge two visitors' posts. */
const FORM_PAGES = ["/contactus", "/orderOnline", "/book"];

function expectShareable(response: Response) {
  expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  expect(response.headers.get("Vary") ?? "").toMatch(/\bCookie\b/i);
  expect(response.headers.get("Set-Cookie")).toBeNull();
}

function expectPrivate(response: Response) {
  expect(response.headers.get("Cache-Control")).toBe(NEVER_CACHE);
}

async function contactToken() {
  const html = await (await get("/contactus")).text();
  return /name="submissionToken"[^>]*value="([^"]+)"/.exec(html)![1]!;
}

describe("shareable: public pages that are the same for every visitor", () => {
  for (const path of CONTENT_PAGES) {
    it(`${path} may be kept by an edge cache`, async () => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expectShareable(response);
    });
  }

  it("a page's client-side data request too", async () => {
    const response = await get("/services.data");
    expect(response.status).toBe(200);
    expectShareable(response);
  });

  it("a HEAD request", async () => {
    expectShareable(await SELF.fetch(`${ORIGIN}/`, { method: "HEAD" }));
  });
});

describe("never cached: anything that depends on the visitor", () => {
  for (const path of FORM_PAGES) {
    it(`${path} (a form with its own submission token)`, async () => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expectPrivate(response);
    });
  }

  it("a public page that shows a flash toast", async () => {
    const posted = await postForm(
      "/contactus",
      { name: "Cache Test", phone: "901-555-0100", email: "cache@example.com", message: "Hi", smsConsent: "on", submissionToken: await contactToken() },
      { "CF-Connecting-IP": "10.88.0.1" },
    );
    expect(posted.status).toBe(302);
    const flash = /flash_toast=[^;]+/.exec(posted.headers.get("Set-Cookie") ?? "")?.[0];
    expect(flash).toBeTruthy();

    const response = await get("/services", { Cookie: flash! });
    expect(await response.text()).toContain("Thank you for your message. We&#x27;ll call you within one business day.");
    expectPrivate(response);
  });

  it("a form answered with errors", async () => {
    const response = await postForm("/contactus", { name: "" });
    expect(response.status).toBe(400);
    expectPrivate(response);
  });

  it("the 404 page", async () => {
    const response = await get("/no-such-page");
    expect(response.status).toBe(404);
    expectPrivate(response);
  });

  it("the login page, a failed sign-in and a successful one", async () => {
    expectPrivate(await get("/login"));
    const staff = await createStaff();
    expectPrivate(await postForm("/login", { email: staff.email, password: "wrong-password" }, { "CF-Connecting-IP": "10.88.0.2" }));
    expectPrivate(await postForm("/login", { email: staff.email, password: staff.password }, { "CF-Connecting-IP": "10.88.0.3" }));
  });

  it("the dashboard, signed out and signed in, document and data", async () => {
    expectPrivate(await get("/dashboard"));
    const cookie = await signIn(await createStaff());
    const dashboard = await get("/dashboard", { Cookie: cookie });
    expect(dashboard.status).toBe(200);
    expectPrivate(dashboard);
    expectPrivate(await get("/dashboard.data", { Cookie: cookie }));
  });
});

describe("the Worker's check overrides a route that asks for sharing", () => {
  const publicPage = () =>
    new Response("<p>page</p>", { status: 200, headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } });
  const request = (path = "/services", method = "GET") => new Request(`${ORIGIN}${path}`, { method });

  it("keeps sharing for a plain public answer", () => {
    const response = publicPage();
    applyCachePolicy(request(), response);
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });

  it("makes it private when it sets a cookie, is not a 200, answers a post, or is a staff path", () => {
    const withCookie = publicPage();
    withCookie.headers.append("Set-Cookie", "flash_toast=; Max-Age=0");
    const notFound = new Response("gone", { status: 404, headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } });
    const cases: [Request, Response][] = [
      [request(), withCookie],
      [request(), notFound],
      [request("/services", "POST"), publicPage()],
      [request("/dashboard"), publicPage()],
      [request("/login"), publicPage()],
      [request("/Dashboard/orders"), publicPage()],
    ];
    for (const [req, response] of cases) {
      applyCachePolicy(req, response);
      expect(response.headers.get("Cache-Control"), `${req.method} ${req.url}`).toBe(NEVER_CACHE);
    }
  });

  it("makes private any answer that expressed no opinion", () => {
    const response = new Response("ok");
    applyCachePolicy(request("/robots-like"), response);
    expect(response.headers.get("Cache-Control")).toBe(NEVER_CACHE);
  });
});

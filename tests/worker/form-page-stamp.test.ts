import { describe, expect, it } from "vitest";
import { PAGE_CACHE_HEADER } from "../../workers/page-cache";
import { createStaff, get, postForm, signIn } from "./helpers";

// Form pages carry a token per visit, so they are never a static file or a shared copy: /contactus and
// /orderOnline are rendered once per isolate and stamped per visit (docs/decisions/074); /book renders every visit.
// Content pages are static files (docs/decisions/138; tests/browser/static-pages.spec.ts).

function tokenOf(html: string) {
  return /name="submissionToken"[^>]*value="([^"]+)"/.exec(html)?.[1];
}

describe("form pages", () => {
  // docs/decisions/074: /contactus and /orderOnline are rendered once and stamped per visit; /book renders every visit.
  const stamped = ["/contactus", "/orderOnline"];
  for (const path of ["/contactus", "/orderOnline", "/book"]) {
    it(`${path} is never served from the shared cache with another visitor's token`, async () => {
      const first = await get(path, { "CF-Connecting-IP": "10.72.0.1" });
      const second = await get(path, { "CF-Connecting-IP": "10.72.0.2" });
      const pages = [];
      for (const response of [first, second]) {
        expect(response.headers.get(PAGE_CACHE_HEADER)).toBe(stamped.includes(path) ? "STAMPED" : null);
        // no-store also keeps Firefox from putting an earlier visit's token back in the field (docs/decisions/097).
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
        const html = await response.text();
        const token = tokenOf(html)!;
        expect(token).toMatch(/^[0-9a-f-]{36}\.\d{13}\.[\w-]{43}$/);
        // The hydration data carries the same token as the field, so React keeps it.
        expect(html.split(token).length - 1, "the token in the field and in the hydration data").toBe(2);
        // Every nonce in the page is this response's, and none is a placeholder.
        const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
        expect(new Set(html.match(/nonce="[^"]*"/g))).toEqual(new Set([`nonce="${nonce}"`]));
        pages.push({ html, token });
      }
      expect(pages[0]!.token).not.toBe(pages[1]!.token);
      expect(pages[1]!.html).not.toContain(pages[0]!.token);
    });
  }

  it("a stamped token is accepted once, like a rendered one", async () => {
    const fields = { name: "Stamped Token", phone: "901-555-0100", email: "stamp@example.com", message: "Hi", smsConsent: "on" };
    const page = await get("/contactus", { "CF-Connecting-IP": "10.72.0.3" });
    expect(page.headers.get(PAGE_CACHE_HEADER)).toBe("STAMPED");
    const submissionToken = tokenOf(await page.text())!;
    const posted = await postForm("/contactus", { ...fields, submissionToken }, { "CF-Connecting-IP": "10.72.0.3" });
    expect(posted.status).toBe(302);
  });

  it("a visitor with the staff cookie, or a URL with a query, gets a plain render", async () => {
    expect((await get("/contactus?from=footer")).headers.get(PAGE_CACHE_HEADER)).toBeNull();
    const cookie = await signIn(await createStaff());
    expect((await get("/orderOnline", { Cookie: cookie })).headers.get(PAGE_CACHE_HEADER)).toBeNull();
  });
});

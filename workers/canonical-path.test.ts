import { describe, expect, it } from "vitest";
import { canonicalPathname, canonicalRedirect } from "./canonical-path";

// The trailing-slash redirect, called directly: paths the local dev server
// would rewrite before they reach the Worker ("//host/..." URLs) are covered here.

const ORIGIN = "https://shop.example";

describe("canonicalPathname", () => {
  it.each([
    ["/", "/"],
    ["/services", "/services"],
    ["/services/", "/services"],
    ["/services///", "/services"],
    ["//", "/"],
    ["//evil.example/", "/evil.example"],
    ["///evil.example", "/evil.example"],
    // A public page in any letter case or with escaped letters is the page's own spelling.
    ["/Services", "/services"],
    ["/SNAPvsACIMA/", "/snapVSacima"],
    ["/orderonline", "/orderOnline"],
    ["/%73ervices", "/services"],
    ["/CONTACTUS", "/contactus"],
    ["/Book", "/book"],
    // Other paths keep their spelling: staff pages, unknown pages, and escapes that are not letters.
    ["/Dashboard", "/Dashboard"],
    ["/Nope", "/Nope"],
    ["/%2Fservices", "/%2Fservices"],
    ["/%E0%A4%A", "/%E0%A4%A"],
  ])("%s -> %s", (input, expected) => {
    expect(canonicalPathname(input)).toBe(expected);
  });
});

describe("canonicalRedirect", () => {
  it("answers 301 to the path without the slash, keeping the query, on the same origin", () => {
    const response = canonicalRedirect(new Request(`${ORIGIN}/snapVSacima/?ref=ad`));
    expect(response?.status).toBe(301);
    expect(response?.headers.get("Location")).toBe(`${ORIGIN}/snapVSacima?ref=ad`);
  });

  it("never redirects off-site, even for a path that looks like another host", () => {
    const response = canonicalRedirect(new Request(`${ORIGIN}//evil.example/`));
    expect(response?.status).toBe(301);
    expect(new URL(response!.headers.get("Location")!).origin).toBe(ORIGIN);
    expect(response?.headers.get("Location")).toBe(`${ORIGIN}/evil.example`);
  });

  it("sends another spelling of a page to the page, keeping the query", () => {
    const response = canonicalRedirect(new Request(`${ORIGIN}/OrderOnline?ref=flyer`));
    expect(response?.status).toBe(301);
    expect(response?.headers.get("Location")).toBe(`${ORIGIN}/orderOnline?ref=flyer`);
  });

  it("leaves canonical paths, the home page and form posts alone; HEAD redirects like GET", () => {
    expect(canonicalRedirect(new Request(`${ORIGIN}/services`))).toBeNull();
    expect(canonicalRedirect(new Request(`${ORIGIN}/`))).toBeNull();
    expect(canonicalRedirect(new Request(`${ORIGIN}/contactus/`, { method: "POST", body: "a=1" }))).toBeNull();
    expect(canonicalRedirect(new Request(`${ORIGIN}/ContactUs`, { method: "POST", body: "a=1" }))).toBeNull();
    expect(canonicalRedirect(new Request(`${ORIGIN}/services/`, { method: "HEAD" }))?.status).toBe(301);
  });
});

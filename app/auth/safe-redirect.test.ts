import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/dashboard?tab=orders", "/dashboard?tab=orders"],
    ["/dashboard/contacts/12#note", "/dashboard/contacts/12#note"],
  ])("follows a path on this site: %s", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    ["another site", "https://evil.example/"],
    ["a scheme-relative URL", "//evil.example"],
    ["a backslash trick", "/\\evil.example"],
    ["a control character", "/dash\nboard"],
    ["a relative path", "dashboard"],
    ["nothing", undefined],
    ["a non-string", 42],
    ["a dot segment before a double slash", "/.//evil.example"],
    ["an encoded dot-dot before a double slash", "/%2e%2e//evil.example"],
    ["a dot-dot that climbs to a double slash", "/x/..//evil.example"],
    ["a dot-dot past the root to a double slash", "/dashboard/../..//evil.example"],
    ["an encoded dot before a double slash", "/%2E//evil.example"],
  ])("falls back to the dashboard for %s", (_label, target) => {
    expect(safeRedirectPath(target)).toBe("/dashboard");
  });
});

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
  ])("falls back to the dashboard for %s", (_label, target) => {
    expect(safeRedirectPath(target)).toBe("/dashboard");
  });
});

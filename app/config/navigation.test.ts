import { describe, expect, it } from "vitest";
import { isCurrentPage, isFinancingPath, PAGES } from "./navigation";

describe("isCurrentPage", () => {
  it("names the page being shown, in any letter case and with a trailing slash", () => {
    expect(isCurrentPage("/services", PAGES.services)).toBe(true);
    expect(isCurrentPage("/SERVICES/", PAGES.services)).toBe(true);
    expect(isCurrentPage("/snapvsacima", PAGES.compare)).toBe(true);
  });

  it("names a page's section for the pages under it, but not a page that merely starts alike", () => {
    expect(isCurrentPage("/services/repairs", PAGES.services)).toBe(true);
    expect(isCurrentPage("/services-old", PAGES.services)).toBe(false);
    expect(isCurrentPage("/snapVSacima", PAGES.snap)).toBe(false);
  });

  it("names the home page only on the home page", () => {
    expect(isCurrentPage("/", PAGES.home)).toBe(true);
    expect(isCurrentPage("/services", PAGES.home)).toBe(false);
  });
});

describe("isFinancingPath", () => {
  it("is true on the three financing pages only", () => {
    expect(["/acima", "/Snap/", "/snapVSacima"].map(isFinancingPath)).toEqual([true, true, true]);
    expect(["/", "/services", "/acima/apply"].map(isFinancingPath)).toEqual([false, false, false]);
  });
});

import { describe, expect, it } from "vitest";
import { parseRowId } from "./row-id";

describe("parseRowId", () => {
  it("reads digits that make a safe integer", () => {
    expect(parseRowId("42")).toBe(42);
    expect(parseRowId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("is null for anything else", () => {
    for (const value of [null, undefined, "", "-1", "1.5", "1e3", " 7", "0x1f", "9007199254740993", "12345678901234567"]) expect(parseRowId(value)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { isOneOf } from "./one-of";

describe("isOneOf", () => {
  const COLOURS = ["gold", "silver"] as const;

  it("is true only for a string in the list", () => {
    expect(isOneOf(COLOURS, "gold")).toBe(true);
    for (const value of ["Gold", "", "platinum", null, undefined, 1, ["gold"]]) expect(isOneOf(COLOURS, value)).toBe(false);
  });
});

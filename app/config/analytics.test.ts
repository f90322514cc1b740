import { describe, expect, it } from "vitest";
import { parseMeasurementId } from "./analytics";

describe("parseMeasurementId", () => {
  it("keeps a GA4 id, trimmed", () => {
    expect(parseMeasurementId(" G-ABCDE12345 ")).toBe("G-ABCDE12345");
  });

  it("turns anything else into no analytics, markup included", () => {
    for (const value of [undefined, "", "UA-12345-1", "g-abcde12345", 'G-1"><script>alert(1)</script>', "G-ABC"]) {
      expect(parseMeasurementId(value), String(value)).toBe("");
    }
  });
});

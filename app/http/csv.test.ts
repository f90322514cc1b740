import { describe, expect, it } from "vitest";
import { csvCell } from "./csv";

describe("csvCell", () => {
  it("quotes every value and doubles its quotes", () => {
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
  });

  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"])("defuses %j so a spreadsheet shows it as text", (value) => {
    expect(csvCell(value)).toBe(`"'${value}"`);
  });
});

import { describe, expect, it } from "vitest";
import { repairReadyText } from "./messages";

describe("the ready text", () => {
  it("names the store, the ticket and the pickup hours, and says how to opt out, in one GSM-7 segment", () => {
    const text = repairReadyText("R-7K3M-9Q");
    expect(text).toBe("Bartlett Fine Jewelry: your repair R-7K3M-9Q is ready for pickup. Mon-Sat 11-6, Sun 11-7. Reply STOP to opt out.");
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^[\x20-\x7e]+$/);
  });
});

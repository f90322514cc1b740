import { describe, expect, it } from "vitest";
import { repairEstimateText, repairReadyText } from "./messages";

describe("the ready text", () => {
  it("names the store, the ticket and the pickup hours, and says how to opt out, in one GSM-7 segment", () => {
    const text = repairReadyText("R-7K3M-9Q");
    expect(text).toBe("Bartlett Fine Jewelry: your repair R-7K3M-9Q is ready for pickup. Mon-Sat 11-6, Sun 11-7. Reply STOP to opt out.");
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe("the estimate text", () => {
  it("names the ticket and the amount and links to /repair with the number filled in, in GSM-7, with no typed words", () => {
    const text = repairEstimateText("R-7K3M-9Q", "$120");
    expect(text).toBe(
      "Bartlett Fine Jewelry: your repair R-7K3M-9Q needs your OK for an estimate of $120. Approve or decline at https://www.bartlettfinejewelry.example/repair?ticket=R-7K3M-9Q Reply STOP to opt out.",
    );
    expect(text).toMatch(/^[\x20-\x7e]+$/);
  });

  it("says a declined repair is ready for pickup, not repaired", () => {
    expect(repairReadyText("R-7K3M-9Q", false)).toContain("is ready for pickup, not repaired, as you declined the estimate.");
  });
});

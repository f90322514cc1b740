import { describe, expect, it } from "vitest";
import { repairEstimateText, repairReadyEmail, repairReadyText } from "./messages";

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

describe("the ready message in a week the hours change", () => {
  const christmas = [
    { date: "2026-12-24", closed: false, opens: "11:00", closes: "15:00", note: "Christmas Eve" },
    { date: "2026-12-25", closed: true, opens: null, closes: null, note: "Closed for Christmas" },
  ];

  it("the text names each special day after the weekly hours, in GSM-7 and within two segments", () => {
    const text = repairReadyText("R-7K3M-9Q", true, christmas);
    expect(text).toBe(
      "Bartlett Fine Jewelry: your repair R-7K3M-9Q is ready for pickup. Mon-Sat 11-6, Sun 11-7. " +
        "Thu Dec 24 we close at 3 PM. We're closed Fri Dec 25. Reply STOP to opt out.",
    );
    expect(text.length).toBeLessThanOrEqual(2 * 153);
    expect(text).toMatch(/^[\x20-\x7e]+$/);
  });

  it("the e-mail lists them, with the owner's notes, under the pickup hours", async () => {
    const email = await repairReadyEmail("rita@example.com", { name: "Rita", ticket: "R-7K3M-9Q", item: "Ring" }, true, christmas);
    expect(email.text).toContain("Special hours: Thu Dec 24: 11 AM–3 PM (Christmas Eve), Fri Dec 25: closed (Closed for Christmas)");
  });
});

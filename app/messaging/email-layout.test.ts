import { describe, expect, it } from "vitest";
import { plainTextEmail } from "./email-layout";

describe("the plain-text part", () => {
  it("keeps every word and link of the HTML part, in blocks, and ends with the store's address and hours", () => {
    const text = plainTextEmail({
      to: "a@example.com",
      subject: "Your appointment",
      heading: "You're booked",
      paragraphs: ["Hi <b>Ann</b>, thank you."],
      rows: [
        ["Service", "Repair"],
        ["Time", "2:00 PM"],
      ],
      action: { label: "Add to calendar", textLabel: "Add to calendar", href: "https://example.com/c.ics" },
      links: [{ label: "Change or cancel your appointment", textLabel: "Change or cancel", href: "https://example.com/m" }],
      closing: ["Questions? Call us."],
    });
    expect(text).toBe(
      [
        "You're booked",
        "Hi <b>Ann</b>, thank you.",
        "Service: Repair\nTime: 2:00 PM",
        "Add to calendar: https://example.com/c.ics\nChange or cancel: https://example.com/m",
        "Questions? Call us.",
        "--\nBartlett Fine Jewelry\n6000 Stage Rd, Suite 104, Bartlett, TN 38134\nMon–Sat 11 AM–6 PM · Sun 11 AM–7 PM\n(901) 555-0142 · hello@bartlettfinejewelry.example",
      ].join("\n\n"),
    );
  });

  it("leaves out the blocks an e-mail does not have", () => {
    expect(plainTextEmail({ to: "a@example.com", subject: "S", heading: "H", closing: ["Bye."] })).toMatch(/^H\n\nBye\.\n\n--\n/);
  });
});

import { describe, expect, it } from "vitest";
import { formatPhone, isTextablePhone, phoneDigits, telHref, textablePhone, toE164 } from "./phone";

describe("phone numbers in E.164", () => {
  it("reads a US number however it was typed", () => {
    for (const typed of ["9015550177", "901-555-0177", "(901) 555-0177", "901.555.0177", "+1 901 555 0177", "1 (901) 555-0177", " 901 555 0177 "]) {
      expect(toE164(typed), typed).toBe("+19015550177");
    }
  });

  it("keeps another country's number when it starts with +", () => {
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(toE164("+52 (55) 1234-5678")).toBe("+525512345678");
  });

  it("refuses what can't be dialled from anywhere", () => {
    for (const typed of ["555-0177", "901-555-017", "2 901 555 0177", "+1 901 555 017", "+44 123", "+0 20 7946 0958", "+1234567890123456", ""]) {
      expect(toE164(typed), typed).toBeNull();
    }
  });

  it("texts only US and Canadian numbers", () => {
    expect(textablePhone("(901) 555-0177")).toBe("+19015550177");
    expect(textablePhone("+44 20 7946 0958")).toBeNull();
    expect(isTextablePhone("+19015550177")).toBe(true);
    expect(isTextablePhone("9015550177")).toBe(false);
  });

  it("shows a number one way", () => {
    expect(formatPhone("+19015550177")).toBe("(901) 555-0177");
    // Rows stored before E.164 read the same.
    expect(formatPhone("901-555-0177")).toBe("(901) 555-0177");
    expect(formatPhone("9015550177")).toBe("(901) 555-0177");
    expect(formatPhone("+442079460958")).toBe("+442079460958");
    expect(formatPhone("555-0112")).toBe("555-0112");
  });

  it("links a number with its country code", () => {
    expect(telHref("+19015550177")).toBe("tel:+19015550177");
    expect(telHref("(901) 555-0177")).toBe("tel:+19015550177");
    expect(telHref("+442079460958")).toBe("tel:+442079460958");
    expect(telHref("555-0112")).toBe("tel:5550112");
  });
});

describe("a search word written like part of a phone number", () => {
  it("is its digits, however it is written", () => {
    expect(["(901)", "555-0177", "+1", "901.555.0177", "9015550177"].map(phoneDigits)).toEqual(["901", "5550177", "1", "9015550177", "9015550177"]);
    expect(phoneDigits("---")).toBe("");
  });

  it("is null for any other word", () => {
    expect(["ring", "R-7K3M", "100%", "555_0177"].map(phoneDigits)).toEqual([null, null, null, null]);
  });
});

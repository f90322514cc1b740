import { describe, expect, it } from "vitest";
import { phoneKey } from "./booking-caps.server";

describe("who the booking caps count", () => {
  it("a phone number by its E.164 spelling", () => {
    expect(phoneKey("(901) 555-0100")).toBe("+19015550100");
    expect(phoneKey("+1 901.555.0100")).toBe("+19015550100");
    expect(phoneKey("+19015550100")).toBe("+19015550100");
    expect(phoneKey("555-0100")).toBe("5550100");
  });
});

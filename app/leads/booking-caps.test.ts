import { describe, expect, it } from "vitest";
import { capAddress, phoneKey } from "./booking-caps.server";

describe("who the booking caps count", () => {
  it("one IPv4 address is one address", () => {
    expect(capAddress("192.0.2.1")).toBe("192.0.2.1");
    expect(capAddress("192.0.2.2")).not.toBe(capAddress("192.0.2.1"));
    expect(capAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("an IPv6 address counts by its /64, however it is written", () => {
    const network = capAddress("2001:db8:1:2::1");
    expect(network).toBe("2001:db8:1:2::/64");
    for (const other of ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:DB8:1:2:3:4:5:6", "2001:db8:1:2::"]) {
      expect(capAddress(other), other).toBe(network);
    }
    expect(capAddress("2001:db8:1:3::1")).not.toBe(network);
    expect(capAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(capAddress("::1")).toBe("0:0:0:0::/64");
  });

  it("a phone number by its E.164 spelling", () => {
    expect(phoneKey("(901) 555-0100")).toBe("+19015550100");
    expect(phoneKey("+1 901.555.0100")).toBe("+19015550100");
    expect(phoneKey("+19015550100")).toBe("+19015550100");
    expect(phoneKey("555-0100")).toBe("5550100");
  });
});

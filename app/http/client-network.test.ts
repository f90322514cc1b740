import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("the client a limit counts", () => {
  it("is an IPv4 address as it is, each address its own", () => {
    expect(clientNetwork("192.0.2.1")).toBe("192.0.2.1");
    expect(clientNetwork("192.0.2.2")).not.toBe(clientNetwork("192.0.2.1"));
    expect(clientNetwork(" 203.0.113.9 ")).toBe("203.0.113.9");
  });

  it("is the IPv4 address inside an IPv4-mapped IPv6 address, dotted or in hex", () => {
    expect(clientNetwork("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientNetwork("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(clientNetwork("::ffff:c000:201")).toBe("192.0.2.1");
    expect(clientNetwork("0:0:0:0:0:ffff:c000:0201")).toBe("192.0.2.1");
    // Another prefix with an IPv4 tail is an IPv6 address like any other.
    expect(clientNetwork("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    const network = clientNetwork("2001:db8:1:2::1");
    expect(network).toBe("2001:db8:1:2::/64");
    for (const other of [
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:3:4:5:6",
      "2001:db8:1:2::",
      "2001:db8:1:2:0:0:0:0",
      "2001:db8:1:2::a:b",
      "2001:db8:1:2::9%eth0",
    ]) {
      expect(clientNetwork(other), other).toBe(network);
    }
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(network);
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
  });

  it("gives 60 addresses of one /64 one key, and the next /64 another", () => {
    const keys = new Set(Array.from({ length: 60 }, (_, i) => clientNetwork(`2001:db8:aa:bb:${i.toString(16)}::${(i * 7).toString(16)}`)));
    expect([...keys]).toEqual(["2001:db8:aa:bb::/64"]);
    expect(clientNetwork("2001:db8:aa:bc::1")).not.toBe("2001:db8:aa:bb::/64");
  });

  it("marks a value that is no address, bounded, so it can never join another client's key", () => {
    expect(clientNetwork("local")).toBe("unknown:local");
    for (const bad of ["1:2:3:4:5:6:7:8:9", "1::2::3", "2001:db8::g", "256.1.1.1", "1.2.3"]) {
      expect(clientNetwork(bad), bad).toBe(`unknown:${bad}`);
    }
    // A network's key typed as if it were an address is not that network.
    expect(clientNetwork("2001:db8:1:2::/64")).not.toBe(clientNetwork("2001:db8:1:2::1"));
    expect(clientNetwork("x".repeat(1000))).toBe(`unknown:${"x".repeat(64)}`);
  });
});

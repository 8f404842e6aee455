import { describe, expect, it } from "vitest";
import { senderNetwork, senderPrefix } from "./sender-network";

describe("senderNetwork", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(senderNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(senderNetwork(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("cuts every spelling of an IPv6 address to the same /64", () => {
    const net = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:0DB8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:db8:1:2:a:b:c:d",
      "2001:db8:1:2::a:b",
    ])
      expect(senderNetwork(ip), ip).toBe(net);
    expect(senderNetwork("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(senderNetwork("::1")).toBe("0:0:0:0::/64");
    expect(senderNetwork("fe80::")).toBe("fe80:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(senderNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(senderNetwork("::FFFF:cb00:7107")).toBe("203.0.113.7");
  });

  it("has no sender without a value, and counts any other value as itself", () => {
    expect(senderNetwork(null)).toBeNull();
    expect(senderNetwork("")).toBeNull();
    expect(senderNetwork("unknown")).toBe("unknown");
    expect(senderNetwork("not:an:address")).toBe("not:an:address");
  });
});

describe("senderPrefix", () => {
  it("cuts an IPv4 address to its /24", () => {
    for (const ip of ["203.0.113.7", " 203.0.113.255 ", "203.0.113.0"])
      expect(senderPrefix(ip), ip).toBe("203.0.113.0/24");
    expect(senderPrefix("203.0.114.7")).toBe("203.0.114.0/24");
  });

  it("cuts every spelling of an IPv6 address to the same /48: its /64s share it", () => {
    for (const ip of ["2001:db8:1:2::1", "2001:0DB8:0001:ffff:a:b:c:d", "2001:db8:1::", "2001:db8:1::a:b"])
      expect(senderPrefix(ip), ip).toBe("2001:db8:1::/48");
    expect(senderPrefix("2001:db8:2:1::1")).toBe("2001:db8:2::/48");
    expect(senderPrefix("::1")).toBe("0:0:0::/48");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 /24", () => {
    expect(senderPrefix("::ffff:203.0.113.7")).toBe("203.0.113.0/24");
    expect(senderPrefix("::FFFF:cb00:7107")).toBe("203.0.113.0/24");
  });

  it("has no network without a value, and counts any other value as itself", () => {
    expect(senderPrefix(null)).toBeNull();
    expect(senderPrefix(" ")).toBeNull();
    for (const value of ["unknown", "not:an:address", "203.0.113", "203.0.113.256", "010.0.0.1"])
      expect(senderPrefix(value), value).toBe(value);
  });
});

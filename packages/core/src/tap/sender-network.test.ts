import { describe, expect, it } from "vitest";
import { senderNetwork } from "./sender-network";

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

import type { TapRoute } from "@releve/core/tap/rules";
import { describe, expect, it } from "vitest";
import { RouteMemo } from "../src/memo";

const route: TapRoute = {
  garmentId: 1,
  slug: "aa-001",
  status: "claimed",
  active: true,
  ownerUserId: "u1",
  sharingEnabled: true,
  activeEventId: null,
};

describe("RouteMemo", () => {
  it("holds a route and a negative answer until the TTL, then lets go", () => {
    const memo = new RouteMemo(1_000);
    memo.set("aa-001", route, 0);
    memo.set("zz-999", null, 0);
    expect(memo.get("aa-001", 999)).toBe(route);
    expect(memo.get("zz-999", 999)).toBeNull();
    expect(memo.get("aa-001", 1_000)).toBeUndefined();
    expect(memo.get("unknown", 0)).toBeUndefined();
  });

  it("forgets what a writer invalidates", () => {
    const memo = new RouteMemo(1_000);
    memo.set("aa-001", route, 0);
    memo.set("bb-002", route, 0);
    memo.forget(["aa-001", "not-held"]);
    expect(memo.get("aa-001", 1)).toBeUndefined();
    expect(memo.get("bb-002", 1)).toBe(route);
  });

  it("is bounded: the oldest entry leaves first", () => {
    const memo = new RouteMemo(1_000, 2);
    memo.set("a", route, 0);
    memo.set("b", route, 0);
    memo.set("c", route, 0);
    expect(memo.size).toBe(2);
    expect(memo.get("a", 1)).toBeUndefined();
    expect(memo.get("c", 1)).toBe(route);
  });

  it("holds nothing with a TTL of 0", () => {
    const memo = new RouteMemo(0);
    memo.set("a", route, 0);
    expect(memo.get("a", 0)).toBeUndefined();
  });
});

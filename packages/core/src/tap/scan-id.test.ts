import { describe, expect, it } from "vitest";
import { BURST_WINDOW_MS, burstScanId } from "./scan-id";

const SECRET = "unit-test-secret-0123456789abcdef0123456789";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const T0 = Date.UTC(2026, 10, 22, 12, 30, 0);

describe("burstScanId", () => {
  it("gives every tap from one IP on one slug within a minute the same UUID-shaped id", async () => {
    const a = await burstScanId(SECRET, "203.0.113.7", "cg-003", T0);
    const b = await burstScanId(SECRET, "203.0.113.7", "cg-003", T0 + BURST_WINDOW_MS - 1);
    expect(a).toMatch(UUID);
    expect(a[14]).toBe("8");
    expect(b).toBe(a);
  });

  it("separates minutes, IPs, slugs and secrets", async () => {
    const base = await burstScanId(SECRET, "203.0.113.7", "cg-003", T0);
    const others = await Promise.all([
      burstScanId(SECRET, "203.0.113.7", "cg-003", T0 + BURST_WINDOW_MS),
      burstScanId(SECRET, "203.0.113.8", "cg-003", T0),
      burstScanId(SECRET, "203.0.113.7", "sj-004", T0),
      burstScanId(`${SECRET}x`, "203.0.113.7", "cg-003", T0),
    ]);
    expect(new Set([base, ...others]).size).toBe(5);
  });

  it("falls back to a random id when the client IP is unknown", async () => {
    const [a, b] = await Promise.all([burstScanId(SECRET, null, "cg-003", T0), burstScanId(SECRET, "", "cg-003", T0)]);
    expect(a).toMatch(UUID);
    expect(a).not.toBe(b);
  });
});

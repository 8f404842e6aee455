import { describe, expect, it } from "vitest";
import type { TapRoute } from "./rules";
import { buildScanMessage, scanOrigin } from "./scan";
import { ScanMessageSchema } from "./scan-message";

const SECRET = "unit-test-secret-0123456789abcdef0123456789";
const route: TapRoute = {
  garmentId: 3,
  slug: "cg-003",
  status: "claimed",
  active: true,
  ownerUserId: "0a3419c2-f4ea-4a2a-bbeb-6ea4fe8a6938",
  sharingEnabled: true,
  activeEventId: 1,
};
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

const request = (headers: Record<string, string>, cf?: Record<string, unknown>) =>
  Object.assign(new Request("https://releve.example.com/t/cg-003", { headers }), cf ? { cf } : {});

describe("buildScanMessage", () => {
  it("builds a message the consumer accepts, with place and device from the request", async () => {
    const message = await buildScanMessage(SECRET, {
      route,
      viewer: "visitor",
      source: "tap",
      now: NOW,
      origin: scanOrigin(
        request(
          { "user-agent": "Mozilla/5.0 (iPhone)", "cf-connecting-ip": "203.0.113.7" },
          { city: "Paris", country: "FR" },
        ),
      ),
    });
    expect(ScanMessageSchema.parse(message)).toEqual(message);
    expect(message).toMatchObject({
      slug: "cg-003",
      garmentId: 3,
      ownerUserId: route.ownerUserId,
      viewerKind: "visitor",
      activeEventId: 1,
      city: "Paris",
      country: "FR",
      userAgent: "Mozilla/5.0 (iPhone)",
      scannedAt: NOW,
    });
    expect(message).not.toHaveProperty("scanType");
  });

  it("marks a tap on a garment reported lost or stolen as a 'missing' scan, with its place and time", async () => {
    const origin = scanOrigin(request({ "cf-connecting-ip": "203.0.113.8" }, { city: "Lyon", country: "FR" }));
    for (const missing of ["lost", "stolen"] as const) {
      const message = await buildScanMessage(SECRET, {
        route: { ...route, missing },
        viewer: "anonymous",
        source: "tap",
        now: NOW,
        origin,
      });
      expect(ScanMessageSchema.parse(message)).toEqual(message);
      expect(message).toMatchObject({ scanType: "missing", garmentId: 3, city: "Lyon", country: "FR", scannedAt: NOW });
    }
  });

  it("marks a secure garment's refused tap as a 'suspect' scan with its reason", async () => {
    const message = await buildScanMessage(SECRET, {
      route: { ...route, secure: { uid: "04DE5F1EACC040", keyVersion: 1 } },
      viewer: "anonymous",
      source: "tap",
      now: NOW,
      origin: scanOrigin(request({ "cf-connecting-ip": "203.0.113.9" }, { city: "Milan", country: "IT" })),
      suspect: "replay",
    });
    expect(ScanMessageSchema.parse(message)).toEqual(message);
    expect(message).toMatchObject({ scanType: "suspect", suspectReason: "replay", city: "Milan" });
    expect(ScanMessageSchema.safeParse({ ...message, suspectReason: "bored" }).success).toBe(false);
    // Its own id: the burst guard never merges it with a good tap from the same place that minute.
    const good = await buildScanMessage(SECRET, {
      route: { ...route, secure: { uid: "04DE5F1EACC040", keyVersion: 1 } },
      viewer: "anonymous",
      source: "tap",
      now: NOW,
      origin: scanOrigin(request({ "cf-connecting-ip": "203.0.113.9" }, { city: "Milan", country: "IT" })),
    });
    expect(good.scanId).not.toBe(message.scanId);
    const forged = await buildScanMessage(SECRET, {
      route: { ...route, secure: { uid: "04DE5F1EACC040", keyVersion: 1 } },
      viewer: "anonymous",
      source: "tap",
      now: NOW,
      origin: scanOrigin(request({ "cf-connecting-ip": "203.0.113.9" }, { city: "Milan", country: "IT" })),
      suspect: "bad_mac",
    });
    expect(forged.scanId).not.toBe(message.scanId);
  });

  it("clips oversized headers and cf fields instead of producing a poison message", async () => {
    const message = await buildScanMessage(SECRET, {
      route,
      viewer: "anonymous",
      source: "api",
      now: NOW,
      origin: scanOrigin(request({}, { city: "C".repeat(500), country: 42 }), "U".repeat(5000)),
    });
    expect(message.userAgent).toHaveLength(512);
    expect(message.city).toHaveLength(128);
    expect(message.country).toBeNull();
    expect(ScanMessageSchema.safeParse(message).success).toBe(true);
  });

  it("gives a burst from one IP on one slug one id", async () => {
    const input = { route, viewer: "anonymous" as const, source: "tap" as const };
    const origin = () => scanOrigin(request({ "cf-connecting-ip": "198.51.100.1" }));
    const a = await buildScanMessage(SECRET, { ...input, origin: origin(), now: NOW });
    const b = await buildScanMessage(SECRET, { ...input, origin: origin(), now: NOW + 59_000 });
    const c = await buildScanMessage(SECRET, { ...input, origin: origin(), now: NOW + 60_000 });
    expect(b.scanId).toBe(a.scanId);
    expect(c.scanId).not.toBe(a.scanId);
  });

  it("keys the burst guard on the sender network: one IPv6 /64 is one sender, as for every limit (issue #28)", async () => {
    const input = { route, viewer: "anonymous" as const, source: "tap" as const, now: NOW };
    const from = (ip: string) =>
      buildScanMessage(SECRET, { ...input, origin: scanOrigin(request({ "cf-connecting-ip": ip })) });
    const ids = await Promise.all(
      ["2001:db8:1:2::1", "2001:db8:1:2::abcd", "2001:db8:1:2:ffff:ffff:ffff:fffe", "2001:0db8:0001:0002::9"].map(from),
    );
    expect(new Set(ids.map((m) => m.scanId)).size).toBe(1);
    expect((await from("2001:db8:1:3::1")).scanId).not.toBe(ids[0]?.scanId);
    // An IPv4-mapped address is its IPv4 sender.
    expect((await from("::ffff:198.51.100.7")).scanId).toBe((await from("198.51.100.7")).scanId);
  });
});

import { env } from "cloudflare:workers";
import { scans } from "@releve/db/schema";
import { createGarment, createOwner } from "@releve/db/testing/factories";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_ATTEMPTS, retryDelaySeconds } from "../src/consume-scans";
import { db, deliver, scanMessage } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

const rowsFor = (garmentId: number) => db.select().from(scans).where(eq(scans.garment_id, garmentId));

describe("scan-jobs queue consumer", () => {
  it("stores a whole batch with one D1 batch and acks every message", async () => {
    const owner = await createOwner(db, { withActiveEvent: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const batchSpy = vi.spyOn(env.DB, "batch");
    const visitor = scanMessage({
      slug: g.slug,
      garmentId: g.id,
      ownerUserId: owner.userId,
      activeEventId: owner.eventId,
      viewerKind: "visitor",
    });
    const byOwner = scanMessage({
      slug: g.slug,
      garmentId: g.id,
      ownerUserId: owner.userId,
      viewerKind: "owner",
      userAgent: null,
      city: null,
    });
    const desktop = scanMessage({
      slug: g.slug,
      garmentId: g.id,
      ownerUserId: owner.userId,
      userAgent:
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    });
    const bodies = [visitor, byOwner, desktop];
    const { ids, result } = await deliver(bodies);

    expect(batchSpy).toHaveBeenCalledTimes(1);
    expect(result.explicitAcks.sort()).toEqual([...ids].sort());
    expect(result.retryMessages).toEqual([]);

    const rows = await rowsFor(g.id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(rows).toHaveLength(3);
    expect(byId.get(visitor.scanId)).toMatchObject({
      owner_user_id: owner.userId,
      short_slug: g.slug,
      wardrobe_event_id: owner.eventId,
      viewer_kind: "visitor",
      scan_type: "tap",
      city: "Paris",
      country: "FR",
      browser: "Safari",
      os: "iOS",
      device_type: "mobile",
    });
    expect(byId.get(visitor.scanId)?.tag_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(byId.get(visitor.scanId)?.created_at.getTime()).toBe(visitor.scannedAt);
    expect(byId.get(byOwner.scanId)).toMatchObject({ viewer_kind: "owner", browser: null, os: null, city: null });
    expect(byId.get(desktop.scanId)).toMatchObject({ browser: "Chrome", os: "Windows", device_type: "desktop" });
  });

  it("stores a tap on a garment reported missing as a 'missing' scan, with its place and time (issue #18)", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const sighting = scanMessage({ slug: g.slug, garmentId: g.id, ownerUserId: owner.userId, scanType: "missing" });
    const plain = scanMessage({ slug: g.slug, garmentId: g.id, ownerUserId: owner.userId });
    const { ids, result } = await deliver([sighting, plain]);
    expect(result.explicitAcks.sort()).toEqual([...ids].sort());
    const byId = new Map((await rowsFor(g.id)).map((r) => [r.id, r]));
    expect(byId.get(sighting.scanId)).toMatchObject({ scan_type: "missing", city: "Paris", country: "FR" });
    expect(byId.get(sighting.scanId)?.created_at.getTime()).toBe(sighting.scannedAt);
    expect(byId.get(plain.scanId)).toMatchObject({ scan_type: "tap" });
  });

  it("stores a secure garment's refused tap as a 'suspect' scan with its reason (issue #21)", async () => {
    const g = await createGarment(db);
    const suspect = scanMessage({ slug: g.slug, garmentId: g.id, scanType: "suspect", suspectReason: "bad_mac" });
    const { ids, result } = await deliver([suspect]);
    expect(result.explicitAcks).toEqual(ids);
    const [row] = await rowsFor(g.id);
    expect(row).toMatchObject({ scan_type: "suspect", suspect_reason: "bad_mac", city: "Paris" });
  });

  it("stores a duplicated message once (burst guard ids, duplicates within a batch)", async () => {
    const g = await createGarment(db);
    const scanId = crypto.randomUUID();
    const { ids, result } = await deliver(
      Array.from({ length: 5 }, () => scanMessage({ slug: g.slug, garmentId: g.id, scanId })),
    );
    expect(result.explicitAcks.sort()).toEqual([...ids].sort());
    expect(await rowsFor(g.id)).toHaveLength(1);
  });

  it("stores a redelivered message once", async () => {
    const g = await createGarment(db);
    const message = scanMessage({ slug: g.slug, garmentId: g.id });
    await deliver([message]);
    const { ids, result } = await deliver([message, scanMessage({ slug: g.slug, garmentId: g.id })], { attempts: 2 });
    expect(result.explicitAcks.sort()).toEqual([...ids].sort());
    const rows = await rowsFor(g.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.id === message.scanId)).toHaveLength(1);
  });

  it("keeps a scan whose garment, owner or event went away before it was stored, with those fields empty", async () => {
    const owner = await createOwner(db, { withActiveEvent: true });
    const other = await createOwner(db, { withActiveEvent: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const gone = scanMessage({
      slug: "gone-001",
      garmentId: 987_654_321,
      ownerUserId: crypto.randomUUID(),
      activeEventId: 987_654,
    });
    // An event id that is not this owner's is not recorded against this owner's garment.
    const foreignEvent = scanMessage({
      slug: g.slug,
      garmentId: g.id,
      ownerUserId: owner.userId,
      activeEventId: other.eventId,
    });
    const { result } = await deliver([gone, foreignEvent]);
    expect(result.explicitAcks).toHaveLength(2);
    const [goneRow] = await db.select().from(scans).where(eq(scans.id, gone.scanId));
    expect(goneRow).toMatchObject({
      garment_id: null,
      owner_user_id: null,
      wardrobe_event_id: null,
      short_slug: "gone-001",
    });
    const [foreignRow] = await db.select().from(scans).where(eq(scans.id, foreignEvent.scanId));
    expect(foreignRow).toMatchObject({ garment_id: g.id, owner_user_id: owner.userId, wardrobe_event_id: null });
  });

  it("dead-letters malformed messages at once and stores the rest of the batch", async () => {
    const g = await createGarment(db);
    const dlq = vi.spyOn(env.SCANS_DLQ, "send");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const good = scanMessage({ slug: g.slug, garmentId: g.id });
    const malformed: unknown[] = [
      "not an object",
      null,
      {},
      { ...scanMessage({ slug: g.slug, garmentId: g.id }), v: 2 },
      { ...scanMessage({ slug: g.slug, garmentId: g.id }), garmentId: "3" },
      { ...scanMessage({ slug: g.slug, garmentId: g.id }), slug: "../../etc" },
      { ...scanMessage({ slug: g.slug, garmentId: g.id }), viewerKind: "admin" },
      { ...scanMessage({ slug: g.slug, garmentId: g.id }), userAgent: "x".repeat(10_000) },
    ];
    const { ids, result } = await deliver([...malformed, good]);

    expect(result.explicitAcks.sort()).toEqual([...ids].sort());
    expect(result.retryMessages).toEqual([]);
    expect(dlq).toHaveBeenCalledTimes(malformed.length);
    const letters = dlq.mock.calls.map(
      ([letter]) => letter as { deadLetter: { reason: string; messageId: string }; body: unknown },
    );
    expect(letters.every((l) => l.deadLetter.reason === "invalid_message")).toBe(true);
    expect(letters.map((l) => l.body)).toEqual(malformed);
    expect(letters.map((l) => l.deadLetter.messageId)).toEqual(ids.slice(0, malformed.length));
    expect(warn).toHaveBeenCalled();
    const rows = await rowsFor(g.id);
    expect(rows.map((r) => r.id)).toEqual([good.scanId]);
  });

  describe("a message D1 keeps refusing", () => {
    // A real failure inside D1 for one row: a trigger aborts inserts of "poison-" slugs.
    beforeAll(async () => {
      await env.DB.prepare(
        "CREATE TRIGGER IF NOT EXISTS test_poison_scan BEFORE INSERT ON scans WHEN NEW.short_slug LIKE 'poison-%' BEGIN SELECT RAISE(ABORT, 'simulated storage failure'); END",
      ).run();
    });
    afterAll(async () => {
      await env.DB.prepare("DROP TRIGGER IF EXISTS test_poison_scan").run();
    });

    it("is retried with back-off while the rest of its batch is stored and acked", async () => {
      const g = await createGarment(db);
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const poison = scanMessage({ slug: "poison-001", garmentId: g.id });
      const others = [scanMessage({ slug: g.slug, garmentId: g.id }), scanMessage({ slug: g.slug, garmentId: g.id })];
      const { ids, result, delays } = await deliver([others[0], poison, others[1]], { attempts: 1 });

      expect(result.explicitAcks.sort()).toEqual([ids[0], ids[2]].sort());
      expect(result.retryMessages.map((m) => m.msgId)).toEqual([ids[1]]);
      expect(delays).toEqual({ [ids[1] as string]: retryDelaySeconds(1) });
      expect((await rowsFor(g.id)).map((r) => r.id).sort()).toEqual(others.map((m) => m.scanId).sort());

      const again = await deliver([poison], { attempts: 3 });
      expect(again.result.retryMessages.map((m) => m.msgId)).toEqual(again.ids);
      expect(Object.values(again.delays)).toEqual([retryDelaySeconds(3)]);
    });

    it("is dead-lettered with the reason on its last attempt", async () => {
      const g = await createGarment(db);
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const dlq = vi.spyOn(env.SCANS_DLQ, "send");
      const poison = scanMessage({ slug: "poison-002", garmentId: g.id });
      const { ids, result } = await deliver([poison, scanMessage({ slug: g.slug, garmentId: g.id })], {
        attempts: MAX_ATTEMPTS,
      });
      expect(result.explicitAcks.sort()).toEqual([...ids].sort());
      expect(result.retryMessages).toEqual([]);
      expect(dlq).toHaveBeenCalledTimes(1);
      expect(dlq.mock.calls[0]?.[0]).toMatchObject({
        deadLetter: {
          reason: "insert_failed",
          messageId: ids[0],
          attempts: MAX_ATTEMPTS,
          error: expect.stringContaining("simulated storage failure"),
        },
        body: poison,
      });
      expect(await rowsFor(g.id)).toHaveLength(1);
    });

    it("is retried when even the dead-letter queue is unavailable", async () => {
      const g = await createGarment(db);
      vi.spyOn(console, "warn").mockImplementation(() => {});
      vi.spyOn(env.SCANS_DLQ, "send").mockRejectedValue(new Error("queue unavailable"));
      const { ids, result } = await deliver([scanMessage({ slug: "poison-003", garmentId: g.id })], {
        attempts: MAX_ATTEMPTS,
      });
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages.map((m) => m.msgId)).toEqual(ids);
    });
  });

  it("backs off exponentially, capped", () => {
    expect([1, 2, 3, 4, 5].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 160]);
    expect(retryDelaySeconds(20)).toBe(600);
  });

  it("writes nothing it should not: no rows for dead-lettered scans", async () => {
    const before = await db.$count(scans);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const invalid = { ...scanMessage({ slug: "mb-001", garmentId: 1 }), scanId: "" };
    await deliver([invalid]);
    expect(await db.$count(scans)).toBe(before);
    expect(
      await db
        .select()
        .from(scans)
        .where(inArray(scans.id, [""])),
    ).toEqual([]);
  });
});

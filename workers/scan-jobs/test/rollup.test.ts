import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { catchUpScans, rollupScans } from "@releve/db/crm/commands";
import { SCAN_ROLLUP_JOB } from "@releve/db/crm/queries";
import { jobWatermarks, scanDailyStats, scans } from "@releve/db/schema";
import { createGarment, createOwner } from "@releve/db/testing/factories";
import { asc, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../src/index";
import { db, deliver, scanMessage } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

const DAY1 = Date.UTC(2026, 10, 20, 23, 59, 0);
const DAY2 = Date.UTC(2026, 10, 21, 0, 1, 0);

async function runCron() {
  const ctx = createExecutionContext();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const statsFor = (garmentIds: number[]) =>
  db
    .select({
      day: scanDailyStats.day,
      garment_id: scanDailyStats.garment_id,
      owner_user_id: scanDailyStats.owner_user_id,
      wardrobe_event_id: scanDailyStats.wardrobe_event_id,
      scans: scanDailyStats.scans,
      owner_scans: scanDailyStats.owner_scans,
      visitor_scans: scanDailyStats.visitor_scans,
      anonymous_scans: scanDailyStats.anonymous_scans,
    })
    .from(scanDailyStats)
    .where(inArray(scanDailyStats.garment_id, garmentIds))
    .orderBy(asc(scanDailyStats.day), asc(scanDailyStats.garment_id), asc(scanDailyStats.wardrobe_event_id));

const watermark = async () =>
  (await db.select().from(jobWatermarks).where(eq(jobWatermarks.name, SCAN_ROLLUP_JOB)))[0]?.value;

async function seedScans() {
  const owner = await createOwner(db, { withActiveEvent: true });
  const a = await createGarment(db, { ownerUserId: owner.userId });
  const b = await createGarment(db);
  const m = (over: Parameters<typeof scanMessage>[0]) => scanMessage(over);
  await deliver([
    m({ slug: a.slug, garmentId: a.id, ownerUserId: owner.userId, viewerKind: "owner", scannedAt: DAY1 }),
    m({ slug: a.slug, garmentId: a.id, ownerUserId: owner.userId, viewerKind: "visitor", scannedAt: DAY1 }),
    m({ slug: a.slug, garmentId: a.id, ownerUserId: owner.userId, viewerKind: "anonymous", scannedAt: DAY2 }),
    m({ slug: a.slug, garmentId: a.id, ownerUserId: owner.userId, activeEventId: owner.eventId, scannedAt: DAY2 }),
    m({ slug: b.slug, garmentId: b.id, scannedAt: DAY2 }),
  ]);
  return { owner, a, b };
}

describe("scan rollup cron", () => {
  it("rolls scans into scan_daily_stats per day, garment, owner and event", async () => {
    const { owner, a, b } = await seedScans();
    await runCron();
    expect(await statsFor([a.id, b.id])).toEqual([
      {
        day: "2026-11-20",
        garment_id: a.id,
        owner_user_id: owner.userId,
        wardrobe_event_id: 0,
        scans: 2,
        owner_scans: 1,
        visitor_scans: 1,
        anonymous_scans: 0,
      },
      {
        day: "2026-11-21",
        garment_id: a.id,
        owner_user_id: owner.userId,
        wardrobe_event_id: 0,
        scans: 1,
        owner_scans: 0,
        visitor_scans: 0,
        anonymous_scans: 1,
      },
      {
        day: "2026-11-21",
        garment_id: a.id,
        owner_user_id: owner.userId,
        wardrobe_event_id: owner.eventId,
        scans: 1,
        owner_scans: 0,
        visitor_scans: 0,
        anonymous_scans: 1,
      },
      {
        day: "2026-11-21",
        garment_id: b.id,
        owner_user_id: "",
        wardrobe_event_id: 0,
        scans: 1,
        owner_scans: 0,
        visitor_scans: 0,
        anonymous_scans: 1,
      },
    ]);
  });

  it("is idempotent: a second run changes nothing", async () => {
    const { a, b } = await seedScans();
    await runCron();
    const first = await statsFor([a.id, b.id]);
    const mark = await watermark();
    await runCron();
    expect(await statsFor([a.id, b.id])).toEqual(first);
    expect(await watermark()).toBe(mark);
    const again = await rollupScans(env.DB);
    expect(again.toRowId).toBe(again.fromRowId);
  });

  it("adds only new scans, including late arrivals dated on an earlier day", async () => {
    const { owner, a, b } = await seedScans();
    await runCron();
    const mark = Number(await watermark());
    // Stored after the run, tapped the day before: still counted, on its own day.
    await deliver([
      scanMessage({
        slug: a.slug,
        garmentId: a.id,
        ownerUserId: owner.userId,
        viewerKind: "visitor",
        scannedAt: DAY1 + 30_000,
      }),
    ]);
    await runCron();
    expect(Number(await watermark())).toBeGreaterThan(mark);
    const day1 = (await statsFor([a.id, b.id])).find((r) => r.day === "2026-11-20" && r.garment_id === a.id);
    expect(day1).toMatchObject({ scans: 3, owner_scans: 1, visitor_scans: 2 });
  });

  it("never double-counts when runs overlap or work in small chunks", async () => {
    const { a, b } = await seedScans();
    const results = await Promise.all([rollupScans(env.DB, { chunkSize: 2 }), rollupScans(env.DB, { chunkSize: 1 })]);
    expect(results.some((r) => r.toRowId > r.fromRowId)).toBe(true);
    const total = (await statsFor([a.id, b.id])).reduce((n, r) => n + r.scans, 0);
    expect(total).toBe(5);
    await runCron();
    expect((await statsFor([a.id, b.id])).reduce((n, r) => n + r.scans, 0)).toBe(5);
  });

  it("takes a backlog over several runs when it exceeds one run's limit", async () => {
    const { a, b } = await seedScans();
    const first = await rollupScans(env.DB, { chunkSize: 2, maxRowsPerRun: 3 });
    expect(first.toRowId - first.fromRowId).toBeLessThanOrEqual(3);
    await rollupScans(env.DB, { chunkSize: 2, maxRowsPerRun: 3 });
    await rollupScans(env.DB, { chunkSize: 2, maxRowsPerRun: 3 });
    expect((await statsFor([a.id, b.id])).reduce((n, r) => n + r.scans, 0)).toBe(5);
  });

  it("catches up a backlog of several runs in one go, and stops at its time budget (issue #30)", async () => {
    const { a, b } = await seedScans();
    const done = await catchUpScans(env.DB, { chunkSize: 2, maxRowsPerRun: 2 });
    expect(done.caughtUp).toBe(true);
    expect(done.runs).toBeGreaterThanOrEqual(3);
    expect((await statsFor([a.id, b.id])).reduce((n, r) => n + r.scans, 0)).toBe(5);
    // Out of time after the first run: the rest waits for the next cron run.
    const more = await seedScans();
    let now = 0;
    const partial = await catchUpScans(env.DB, {
      chunkSize: 2,
      maxRowsPerRun: 2,
      budgetMs: 10,
      clock: () => (now += 10),
    });
    expect(partial).toMatchObject({ runs: 1, caughtUp: false });
    expect(partial.toRowId - partial.fromRowId).toBe(2);
    await runCron();
    expect((await statsFor([more.a.id, more.b.id])).reduce((n, r) => n + r.scans, 0)).toBe(5);
  });

  it("counts a burst of taps once: one scan id, one row, one stat", async () => {
    const g = await createGarment(db);
    const scanId = crypto.randomUUID();
    await deliver([scanMessage({ slug: g.slug, garmentId: g.id, scanId, scannedAt: DAY2 })]);
    await deliver([scanMessage({ slug: g.slug, garmentId: g.id, scanId, scannedAt: DAY2 + 1000 })], { attempts: 1 });
    await runCron();
    expect(await db.$count(scans, eq(scans.garment_id, g.id))).toBe(1);
    expect((await statsFor([g.id]))[0]?.scans).toBe(1);
  });
});

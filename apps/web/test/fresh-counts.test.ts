import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { adminDashboardCounts, listEvents, loadEventDetail, utcDay } from "@releve/db/crm/queries";
import { createGarment, createOwner, type TestGarment, type TestOwner } from "@releve/db/testing/factories";
import { rollUpScans, storeScan } from "@releve/db/testing/scans";
import { listWardrobe, loadGarmentDetail } from "@releve/db/wardrobe/queries";
import { createOwnerEvent } from "@releve/verbs/crm/create-owner-event";
import { clientEffects } from "@releve/verbs/testing/ownership";
import { describe, expect, it } from "vitest";
import { loadAnalytics } from "../app/features/crm/analytics.server";

// Issue #16: every page counts scans as the rollups up to the watermark plus the scans stored
// after it, so a tap shows at once, everywhere, and a rollup moves it without counting it twice.

const db = getDb(env.DB);
const DAY_MS = 86_400_000;

/** A visitor's scan from Lyon at `at`, stored as the scans consumer stores one (no verb makes it). */
const addScan = (owner: TestOwner, garment: TestGarment, eventId: number, at: number) =>
  storeScan(db, {
    garmentId: garment.id,
    ownerUserId: owner.userId,
    slug: garment.slug,
    eventId,
    at,
    city: "Lyon",
    country: "FR",
    browser: "Safari",
  });

/** The owner adds an event of theirs on /dashboard/events; its id. */
async function ownerEvent(owner: TestOwner, name: string) {
  const values = { name, description: null, location: null, date: null };
  return (await createOwnerEvent(clientEffects(db, owner.userId), { userId: owner.userId, values })).eventId;
}

/** What every page shows for this owner, garment and event, and the admin dashboard's scan counts. */
async function everyCount(owner: TestOwner, garment: TestGarment, eventId: number, now: number) {
  const [wardrobe, detail, events, event, analytics, admin] = await Promise.all([
    listWardrobe(db, owner.userId),
    loadGarmentDetail(db, garment.id, owner.userId),
    listEvents(db, owner.userId),
    loadEventDetail(db, owner.userId, eventId),
    loadAnalytics(db, owner.userId, now),
    adminDashboardCounts(db, now),
  ]);
  const { today, week, month, all } = analytics.windows;
  return {
    wardrobeTaps: wardrobe.find((g) => g.id === garment.id)?.taps,
    garmentScans: detail?.stats.scans,
    eventScans: events.events.find((e) => e.id === eventId)?.scans,
    eventPageScans: event?.event.scans,
    eventChart: event?.scansByDay,
    analytics: [today.scans, week.scans, month.scans, all.scans, all.visitorScans],
    analyticsToday: analytics.scansByDay.at(-1)?.scans,
    garmentConversion: analytics.garments.find((g) => g.id === garment.id)?.visitorScans,
    eventConversion: analytics.events.find((e) => e.id === eventId)?.visitorScans,
    city: analytics.cities.find((c) => c.label === "Lyon")?.scans,
    admin: admin.scans,
  };
}

describe("fresh scan counts", () => {
  it("count a scan after the watermark on every page at once, and once only after the rollup", async () => {
    const now = Date.now();
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    const eventId = await ownerEvent(owner, "Fresh");
    // Two scans rolled up (today and 10 days ago), then one stored after the watermark.
    await addScan(owner, garment, eventId, now);
    await addScan(owner, garment, eventId, now - 10 * DAY_MS);
    await rollUpScans(env.DB);
    const rolledUp = await everyCount(owner, garment, eventId, now);
    expect(rolledUp).toMatchObject({
      wardrobeTaps: 2,
      garmentScans: 2,
      eventScans: 2,
      eventPageScans: 2,
      analytics: [1, 1, 2, 2, 2],
      analyticsToday: 1,
      garmentConversion: 2,
      eventConversion: 2,
      city: 2,
    });

    await addScan(owner, garment, eventId, now);
    const fresh = await everyCount(owner, garment, eventId, now);
    expect(fresh).toEqual({
      wardrobeTaps: 3,
      garmentScans: 3,
      eventScans: 3,
      eventPageScans: 3,
      eventChart: [
        { day: utcDay(now - 10 * DAY_MS), scans: 1 },
        { day: utcDay(now), scans: 2 },
      ],
      analytics: [2, 2, 3, 3, 3],
      analyticsToday: 2,
      garmentConversion: 3,
      eventConversion: 3,
      city: 3,
      admin: {
        total: rolledUp.admin.total + 1,
        last7: rolledUp.admin.last7 + 1,
        last30: rolledUp.admin.last30 + 1,
      },
    });

    // The rollup moves it from the raw side to the rollups: counted once, not twice.
    const run = await rollUpScans(env.DB);
    expect(run.toRowId).toBeGreaterThan(run.fromRowId);
    expect(await everyCount(owner, garment, eventId, now)).toEqual(fresh);
  });

  it("a scan stored late lands on its own UTC day, in the same windows as the rollup will put it", async () => {
    const now = Date.now();
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    const eventId = await ownerEvent(owner, "Late");
    await rollUpScans(env.DB);
    // Scanned 7 days ago (just outside "last 7 days") and 6 days ago (inside), stored only now.
    await addScan(owner, garment, eventId, Date.parse(`${utcDay(now - 7 * DAY_MS)}T23:59:59Z`));
    await addScan(owner, garment, eventId, Date.parse(`${utcDay(now - 6 * DAY_MS)}T00:00:00Z`));
    const before = await everyCount(owner, garment, eventId, now);
    expect(before.analytics).toEqual([0, 1, 2, 2, 2]);
    expect(before.eventChart?.map((d) => d.day)).toEqual([utcDay(now - 7 * DAY_MS), utcDay(now - 6 * DAY_MS)]);
    await rollUpScans(env.DB);
    expect(await everyCount(owner, garment, eventId, now)).toEqual(before);
  });
});

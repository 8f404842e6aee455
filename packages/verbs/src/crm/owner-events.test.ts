/**
 * crm/create-owner-event and crm/set-active-event (/dashboard/events; issue #48), with the real
 * bindings: an owner's own event is added with one event naming it by id; choosing the active
 * event reaches the owner's tap record, so the next scan and the next contact carry it, with one
 * event; another owner's event, an inactive one or an unknown one changes and records nothing.
 */
import { env } from "cloudflare:workers";
import { eventDay } from "@releve/core/crm/rules";
import { ContactFormSchema } from "@releve/core/sharing/contact";
import { buildScanMessage, scanOrigin } from "@releve/core/tap/scan";
import { getDb } from "@releve/db";
import { loadEventDetail, listEvents as ownerEvents } from "@releve/db/crm/queries";
import { listEvents } from "@releve/db/platform/events";
import { findShareByGarmentSlug } from "@releve/db/sharing/queries";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { insertScan, toScanRow } from "@releve/db/tap/commands";
import {
  createGarment,
  createOwner,
  createShareContact,
  createWardrobeEvent,
  type TestOwner,
} from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { createOwnerEvent } from "./create-owner-event";
import { setActiveEvent } from "./set-active-event";

const db = getDb(env.DB);
const DAY = 86_400_000;
const as = (owner: TestOwner) => testEffects(db, { kind: "client", id: owner.userId });

/** The events of `type` `owner` made, newest first. */
async function eventsBy(owner: TestOwner, type: "owner_event.created" | "owner_event.activated") {
  return (await listEvents(db, { limit: 100, types: [type] })).filter((e) => e.actorId === owner.userId);
}

const event = (owner: TestOwner, name: string, extra: { active?: boolean } = {}) =>
  createWardrobeEvent(db, owner.userId, { name, ...extra });

/** The share card's owner, garment and active event, as the share page reads them. */
async function shareTarget(slug: string) {
  const row = await findShareByGarmentSlug(db, slug);
  if (!row?.owner_user_id) throw new Error("expected an owned garment");
  return { ownerUserId: row.owner_user_id, garmentId: row.garment_id, activeEventId: row.active_event_id };
}

describe("crm/create-owner-event", () => {
  it("adds the owner's event, active, with one event naming it by id, never its name", async () => {
    const owner = await createOwner(db);
    const outcome = await createOwnerEvent(as(owner), {
      userId: owner.userId,
      values: { name: "Vernissage", description: null, location: "Atelier", date: "2026-12-31" },
    });
    expect(outcome).toEqual({ code: "created", eventId: expect.any(Number) });
    const { events } = await ownerEvents(db, owner.userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: outcome.eventId,
      name: "Vernissage",
      description: null,
      location: "Atelier",
      date: "2026-12-31",
      is_active: true,
    });
    const recorded = await eventsBy(owner, "owner_event.created");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actorKind: "client", garmentId: null, payload: { eventId: outcome.eventId } });
    expect(JSON.stringify(recorded[0]?.payload)).not.toContain("Vernissage");
  });
});

describe("crm/set-active-event", () => {
  it("the active event reaches the tap record, so the next scan and the next contact carry it", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    const launch = await event(owner, "Launch");

    expect(await setActiveEvent(as(owner), { userId: owner.userId, eventId: launch })).toEqual({ code: "set" });
    expect((await ownerEvents(db, owner.userId)).activeEventId).toBe(launch);
    const route = await readCachedTapRoute(env.TAP_KV, garment.slug);
    expect(route?.activeEventId).toBe(launch);
    const [activated] = await eventsBy(owner, "owner_event.activated");
    expect(activated).toMatchObject({ actorKind: "client", payload: { eventId: launch } });

    // The scan message the tap builds from that record, stored as the consumer stores it.
    if (!route) throw new Error("expected a cached route");
    const message = await buildScanMessage(env.SESSION_SECRET, {
      route,
      viewer: "anonymous",
      origin: scanOrigin(new Request(`http://x/t/${garment.slug}`)),
      source: "tap",
      now: Date.now(),
    });
    expect(message.activeEventId).toBe(launch);
    await insertScan(db, toScanRow(message, { browser: null, os: null, device_type: null })).run();
    const scan = await env.DB.prepare("SELECT wardrobe_event_id FROM scans WHERE id = ?")
      .bind(message.scanId)
      .first<{ wardrobe_event_id: number }>();
    expect(scan?.wardrobe_event_id).toBe(launch);

    // The share page's next contact is filed under it too.
    await createShareContact(db, {
      share: await shareTarget(garment.slug),
      slug: garment.slug,
      form: ContactFormSchema.parse({ first_name: "Nina", email: "nina@example.com" }),
    });
    const detail = await loadEventDetail(db, owner.userId, launch);
    expect(detail?.contacts.map((c) => c.first_name)).toEqual(["Nina"]);

    expect(await setActiveEvent(as(owner), { userId: owner.userId, eventId: null })).toEqual({ code: "cleared" });
    expect((await readCachedTapRoute(env.TAP_KV, garment.slug))?.activeEventId).toBeNull();
    expect((await shareTarget(garment.slug)).activeEventId).toBeNull();
    const events = await eventsBy(owner, "owner_event.activated");
    expect(events.map((e) => e.payload)).toEqual([{ eventId: null }, { eventId: launch }]);
  });

  it("refuses another owner's event, an inactive one and an unknown one; nothing changes or is recorded", async () => {
    const a = await createOwner(db);
    const b = await createOwner(db);
    const gala = await event(a, "Gala");
    const closed = await event(a, "Closed", { active: false });
    expect(await setActiveEvent(as(a), { userId: a.userId, eventId: gala })).toEqual({ code: "set" });
    expect(await setActiveEvent(as(b), { userId: b.userId, eventId: gala })).toEqual({ code: "not_found" });
    expect(await setActiveEvent(as(a), { userId: a.userId, eventId: closed })).toEqual({ code: "not_found" });
    expect(await setActiveEvent(as(a), { userId: a.userId, eventId: 999_999 })).toEqual({ code: "not_found" });
    expect((await ownerEvents(db, a.userId)).activeEventId).toBe(gala);
    expect((await ownerEvents(db, b.userId)).activeEventId).toBeNull();
    expect((await eventsBy(a, "owner_event.activated")).map((e) => e.payload)).toEqual([{ eventId: gala }]);
    expect(await eventsBy(b, "owner_event.activated")).toEqual([]);
  });

  it("an event is over the day after its date: not chosen, not Active, and tags nothing (issue #49)", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    const now = Date.now();
    const today = eventDay(now);
    const tonight = await createWardrobeEvent(db, owner.userId, { name: "Tonight", date: today });
    const gone = await createWardrobeEvent(db, owner.userId, { name: "Yesterday", date: eventDay(now - DAY) });
    // A past event cannot be chosen; nothing changes or is recorded.
    expect(await setActiveEvent(as(owner), { userId: owner.userId, eventId: gone })).toEqual({ code: "not_found" });
    expect(await eventsBy(owner, "owner_event.activated")).toEqual([]);
    // Tonight's is, and is Active until its day has gone.
    expect(await setActiveEvent(as(owner), { userId: owner.userId, eventId: tonight })).toEqual({ code: "set" });
    expect((await ownerEvents(db, owner.userId, now)).activeEventId).toBe(tonight);
    expect((await ownerEvents(db, owner.userId, now + DAY)).activeEventId).toBeNull();

    // A tap on its day is the event's; a tap the day after is not, whatever the tap's record said.
    const route = await readCachedTapRoute(env.TAP_KV, garment.slug);
    if (!route) throw new Error("expected a cached route");
    const scanAt = async (at: number) => {
      const message = await buildScanMessage(env.SESSION_SECRET, {
        route,
        viewer: "anonymous",
        origin: scanOrigin(new Request(`http://x/t/${garment.slug}`)),
        source: "tap",
        now: at,
      });
      await insertScan(db, toScanRow(message, { browser: null, os: null, device_type: null })).run();
      const row = await env.DB.prepare("SELECT wardrobe_event_id FROM scans WHERE id = ?")
        .bind(message.scanId)
        .first<{ wardrobe_event_id: number | null }>();
      return row?.wardrobe_event_id;
    };
    expect(await scanAt(now)).toBe(tonight);
    expect(await scanAt(now + DAY)).toBeNull();
  });

  it("an account without a profile is no_profile, recording nothing", async () => {
    const bare = await createOwner(db, { withProfile: false });
    expect(await setActiveEvent(as(bare), { userId: bare.userId, eventId: null })).toEqual({ code: "no_profile" });
    expect(await eventsBy(bare, "owner_event.activated")).toEqual([]);
  });
});

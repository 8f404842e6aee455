/**
 * wardrobe/claim-garment (issues #4, #19; issue #48), with the real bindings: a claim leaves one
 * garment.claimed event and the tap answers the owner at once; of two claims at once one wins
 * and one event is written; a reported piece is refused without an event. Then each of its answers
 * and the row it leaves (a profile first, unknown and inactive slugs), and a pool piece registered
 * with its owner's details (issue #19).
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import {
  createGarment,
  createOwner,
  createPoolGarment,
  createUser,
  setGarmentTagStatus,
} from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { claimGarment } from "./claim-garment";

const db = getDb(env.DB);
const as = (userId: string) => testEffects(db, { kind: "client", id: userId });
const row = (id: number) => db.query.garments.findFirst({ where: (g, { eq }) => eq(g.id, id) });

describe("wardrobe/claim-garment", () => {
  it("claims the piece with one event; the tap answers its owner at once", async () => {
    const garment = await createGarment(db);
    const owner = await createOwner(db);
    expect(await claimGarment(as(owner.userId), { slug: garment.slug, userId: owner.userId })).toEqual({
      code: "claimed",
      garmentId: garment.id,
    });
    expect(await readCachedTapRoute(env.TAP_KV, garment.slug)).toMatchObject({ ownerUserId: owner.userId });
    const events = await listEvents(db, { limit: 10, types: ["garment.claimed"] });
    expect(events.filter((e) => e.garmentId === garment.id)).toEqual([
      expect.objectContaining({ actorKind: "client", actorId: owner.userId, payload: { via: "claim" } }),
    ]);
    // Claiming it again is a no-op: already theirs, no second event.
    expect(await claimGarment(as(owner.userId), { slug: garment.slug, userId: owner.userId })).toEqual({
      code: "already_owned",
      garmentId: garment.id,
    });
    expect(
      (await listEvents(db, { limit: 10, types: ["garment.claimed"] })).filter((e) => e.garmentId === garment.id),
    ).toHaveLength(1);
  });

  it("of two claims at once, one wins and one event is written", async () => {
    const garment = await createGarment(db);
    const [a, b] = [await createOwner(db), await createOwner(db)];
    const outcomes = await Promise.all([
      claimGarment(as(a.userId), { slug: garment.slug, userId: a.userId }),
      claimGarment(as(b.userId), { slug: garment.slug, userId: b.userId }),
    ]);
    expect(outcomes.map((o) => o.code).sort()).toEqual(["claimed", "claimed_by_other"]);
    const events = (await listEvents(db, { limit: 10, types: ["garment.claimed"] })).filter(
      (e) => e.garmentId === garment.id,
    );
    expect(events).toHaveLength(1);
  });

  it("refuses a piece reported stolen, without an event", async () => {
    const garment = await createGarment(db);
    await setGarmentTagStatus(db, garment.id, "stolen");
    const owner = await createOwner(db);
    const before = await listEvents(db, { limit: 100 });
    expect(await claimGarment(as(owner.userId), { slug: garment.slug, userId: owner.userId })).toEqual({
      code: "reported_missing",
    });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});

describe("wardrobe/claim-garment: its answers and the row", () => {
  it("claims an unclaimed garment for a user with a profile and refreshes the tap cache", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db);
    expect(await claimGarment(as(owner.userId), { slug: garment.slug, userId: owner.userId })).toEqual({
      code: "claimed",
      garmentId: garment.id,
    });
    const cached = await readCachedTapRoute(env.TAP_KV, garment.slug);
    expect(cached).toMatchObject({ status: "claimed", ownerUserId: owner.userId });
    const claimed = await row(garment.id);
    expect(claimed).toMatchObject({
      status: "claimed",
      owner_user_id: owner.userId,
      owner_profile_id: owner.profileId,
      ownership_status: "active",
    });
    expect(claimed?.claimed_at).toBeInstanceOf(Date);
  });

  it("gives exactly one winner when two people claim at once", async () => {
    const [a, b] = await Promise.all([createOwner(db), createOwner(db)]);
    const garment = await createGarment(db);
    const outcomes = await Promise.all([
      claimGarment(as(a.userId), { slug: garment.slug, userId: a.userId }),
      claimGarment(as(b.userId), { slug: garment.slug, userId: b.userId }),
    ]);
    expect(outcomes.map((o) => o.code).sort()).toEqual(["claimed", "claimed_by_other"]);
    const winner = outcomes[0]?.code === "claimed" ? a : b;
    expect((await row(garment.id))?.owner_user_id).toBe(winner.userId);
  });

  it("answers already_owned to the owner claiming again, and changes nothing", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    expect(await claimGarment(as(owner.userId), { slug: garment.slug, userId: owner.userId })).toEqual({
      code: "already_owned",
      garmentId: garment.id,
    });
  });

  it("answers not_found for an unknown or inactive slug", async () => {
    const owner = await createOwner(db);
    expect(await claimGarment(as(owner.userId), { slug: "no-such-slug", userId: owner.userId })).toEqual({
      code: "not_found",
    });
    const inactive = await createGarment(db, { active: false });
    expect(await claimGarment(as(owner.userId), { slug: inactive.slug, userId: owner.userId })).toEqual({
      code: "not_found",
    });
    expect((await row(inactive.id))?.status).toBe("unclaimed");
  });

  it("says what cannot be claimed before asking a user without a profile to make one", async () => {
    const userId = await createUser(db);
    const owner = await createOwner(db);
    const taken = await createGarment(db, { ownerUserId: owner.userId });
    expect(await claimGarment(as(userId), { slug: taken.slug, userId })).toEqual({ code: "claimed_by_other" });
    expect(await claimGarment(as(userId), { slug: "no-such-slug", userId })).toEqual({ code: "not_found" });
  });

  it("asks for a profile first and leaves the garment unclaimed", async () => {
    const userId = await createUser(db);
    const garment = await createGarment(db);
    expect(await claimGarment(as(userId), { slug: garment.slug, userId })).toEqual({ code: "profile_missing" });
    expect((await row(garment.id))?.status).toBe("unclaimed");
  });
});

const details = { name: "Navy silk dress", style: "dress", size: "M", sku: "OWN-1", purchase_date: "2025-03-14" };

describe("wardrobe/claim-garment with details: a pool piece's registration (issue #19)", () => {
  it("claims the pool garment with the owner's details, clears pool and rewrites the tap record", async () => {
    const owner = await createOwner(db);
    const g = await createPoolGarment(db);
    expect(await readCachedTapRoute(env.TAP_KV, g.slug)).toBeUndefined();
    expect(await claimGarment(as(owner.userId), { slug: g.slug, userId: owner.userId, details })).toEqual({
      code: "claimed",
      garmentId: g.id,
    });
    expect(await row(g.id)).toMatchObject({
      status: "claimed",
      pool: false,
      owner_user_id: owner.userId,
      owner_profile_id: owner.profileId,
      name: "Navy silk dress",
      title: "Navy silk dress",
      style: "dress",
      size: "M",
      sku: "OWN-1",
      purchase_date: "2025-03-14",
      garment_type: "Dress",
    });
    expect(await readCachedTapRoute(env.TAP_KV, g.slug)).toMatchObject({
      status: "claimed",
      ownerUserId: owner.userId,
    });
  });

  it("answers claimed_by_other to a second owner and keeps the first owner's details", async () => {
    const [a, b] = await Promise.all([createOwner(db), createOwner(db)]);
    const g = await createPoolGarment(db);
    await claimGarment(as(a.userId), { slug: g.slug, userId: a.userId, details });
    const before = await row(g.id);
    expect(
      await claimGarment(as(b.userId), { slug: g.slug, userId: b.userId, details: { ...details, name: "Mine now" } }),
    ).toEqual({ code: "claimed_by_other" });
    expect(await claimGarment(as(b.userId), { slug: g.slug, userId: b.userId })).toEqual({
      code: "claimed_by_other",
    });
    expect(await row(g.id)).toEqual(before);
    // The owner registering again: already theirs, nothing rewritten.
    expect(
      await claimGarment(as(a.userId), { slug: g.slug, userId: a.userId, details: { ...details, name: "X" } }),
    ).toEqual({ code: "already_owned", garmentId: g.id });
    expect((await row(g.id))?.name).toBe("Navy silk dress");
  });

  it("gives exactly one winner when two owners register at once", async () => {
    const [a, b] = await Promise.all([createOwner(db), createOwner(db)]);
    const g = await createPoolGarment(db);
    const outcomes = await Promise.all([
      claimGarment(as(a.userId), { slug: g.slug, userId: a.userId, details: { ...details, name: "A's" } }),
      claimGarment(as(b.userId), { slug: g.slug, userId: b.userId, details: { ...details, name: "B's" } }),
    ]);
    expect(outcomes.map((o) => o.code).sort()).toEqual(["claimed", "claimed_by_other"]);
    const [winner, name] = outcomes[0]?.code === "claimed" ? [a, "A's"] : [b, "B's"];
    expect(await row(g.id)).toMatchObject({ owner_user_id: winner.userId, name, pool: false });
  });

  it("is not claimed bare, is only for pool garments, and asks a user without a profile for one", async () => {
    const owner = await createOwner(db);
    const pool = await createPoolGarment(db);
    expect(await claimGarment(as(owner.userId), { slug: pool.slug, userId: owner.userId })).toEqual({
      code: "details_required",
    });
    const stock = await createGarment(db);
    expect(await claimGarment(as(owner.userId), { slug: stock.slug, userId: owner.userId, details })).toEqual({
      code: "not_pool",
    });
    const noProfile = await createUser(db);
    expect(await claimGarment(as(noProfile), { slug: pool.slug, userId: noProfile, details })).toEqual({
      code: "profile_missing",
    });
    expect(await claimGarment(as(owner.userId), { slug: "po-nothing", userId: owner.userId, details })).toEqual({
      code: "not_found",
    });
    expect(await row(pool.id)).toMatchObject({ status: "unclaimed", pool: true, name: null, owner_user_id: null });
    expect(await row(stock.id)).toMatchObject({ status: "unclaimed", name: "Test Garment" });
  });
});

/**
 * wardrobe/claim-garment (issues #4, #19; issue #48), with the real bindings: a claim leaves one
 * garment.claimed event and the tap answers the owner at once; of two claims at once one wins
 * and one event is written; a reported piece is refused without an event.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createGarment, createOwner, setGarmentTagStatus } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { claimGarment } from "./claim-garment";

const db = getDb(env.DB);
const as = (userId: string) => testEffects(db, { kind: "client", id: userId });

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

/**
 * ownership/release-garment (issue #32; issue #48): the piece is unclaimed with one
 * garment.released event; its delivery deletes the photo object; someone else's piece is refused.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { deliverPending, testEffects } from "../testing/effects";
import { ownedPiece } from "../testing/pieces";
import { releaseGarment } from "./release-garment";

const db = getDb(env.DB);

describe("ownership/release-garment", () => {
  it("lets the piece go with one event; its delivery deletes the photo", async () => {
    const { owner, garment, photoKey } = await ownedPiece(db, { photo: true });
    const effects = testEffects(db, { kind: "client", id: owner.userId });
    expect(await releaseGarment(effects, { garmentId: garment.id, userId: owner.userId })).toEqual({
      code: "released",
      slug: garment.slug,
    });
    expect(await readCachedTapRoute(env.TAP_KV, garment.slug)).toMatchObject({ status: "unclaimed" });
    const [event] = await listEvents(db, { limit: 1, types: ["garment.released"] });
    expect(event).toMatchObject({ garmentId: garment.id, actorId: owner.userId, payload: { photoKeys: [photoKey] } });
    await deliverPending(db);
    expect(await env.PHOTOS.get(photoKey ?? "")).toBeNull();
  });

  it("refuses someone else's piece and records nothing", async () => {
    const { garment, photoKey } = await ownedPiece(db, { photo: true });
    const stranger = await createOwner(db);
    const effects = testEffects(db, { kind: "client", id: stranger.userId });
    const before = await listEvents(db, { limit: 100 });
    expect(await releaseGarment(effects, { garmentId: garment.id, userId: stranger.userId })).toEqual({
      code: "not_owned",
    });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
    expect(await env.PHOTOS.get(photoKey ?? "")).not.toBeNull();
  });
});

/**
 * ownership/release-garment (issue #32; issue #48): the piece is unclaimed with one
 * garment.released event; its delivery deletes the photo object; someone else's piece is refused.
 * 'Remove from my wardrobe' (issue #32): the period ends, a pending link dies, the tap offers the
 * claim again, the owner's contacts stay.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createContact, createOwner } from "@releve/db/testing/factories";
import { claimGarment } from "@releve/db/wardrobe/commands";
import { describe, expect, it } from "vitest";
import { deliverPending, testEffects } from "../testing/effects";
import { periods, tapFor } from "../testing/ownership";
import { ownedPiece } from "../testing/pieces";
import { createTransferLink } from "./create-transfer-link";
import { releaseGarment } from "./release-garment";

const db = getDb(env.DB);
const stores = { DB: env.DB, TAP_KV: env.TAP_KV };

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

describe("release (issue #32)", () => {
  it("'Remove from my wardrobe': claimable again, the period ends, the tap offers the claim, the contacts stay", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    await createContact(db, seller.userId, { garment_id: garment.id, first_name: "Kept" });
    const effects = testEffects(db, { kind: "client", id: seller.userId });
    const input = { garmentId: garment.id, userId: seller.userId };
    const made = await createTransferLink(effects, input);
    if (made.code !== "created") throw new Error(made.code);
    expect(await releaseGarment(effects, input)).toEqual({ code: "released", slug: garment.slug });
    const [event] = await listEvents(db, { limit: 1, types: ["garment.released"] });
    expect(event).toMatchObject({ garmentId: garment.id, actorId: seller.userId });
    const link = await env.DB.prepare("select status, end_reason from ownership_transfers where id = ?")
      .bind(made.transferId)
      .first<{ status: string; end_reason: string | null }>();
    expect(link).toMatchObject({ status: "cancelled", end_reason: "owner_changed" });
    expect(await tapFor(garment.slug, seller.userId)).toBe(`/claim/${garment.slug}`);
    expect(await periods(garment.id)).toEqual([
      { owner_user_id: seller.userId, started_how: "claim", ended_how: "release" },
    ]);
    const kept = await env.DB.prepare("select count(*) as n from contacts where owner_user_id = ? and garment_id = ?")
      .bind(seller.userId, garment.id)
      .first<{ n: number }>();
    expect(kept?.n).toBe(1);
    // A second release, or someone else's, changes nothing.
    const before = await listEvents(db, { limit: 100 });
    expect(await releaseGarment(effects, input)).toEqual({ code: "not_owned" });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
    const next = await createOwner(db);
    expect((await claimGarment(db, stores, { slug: garment.slug, userId: next.userId })).status).toBe("claimed");
    expect((await periods(garment.id)).map((p) => p.owner_user_id)).toEqual([seller.userId, next.userId]);
  });
});

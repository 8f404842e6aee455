/**
 * ownership/accept-transfer (issue #32; issue #48), with the real bindings: the piece changes
 * hands with one garment.transferred event; the tap answers the new owner at once; delivering
 * the event deletes the previous owner's photo object. Refusals change nothing.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { createTransferLink } from "@releve/db/ownership/commands";
import { listEvents } from "@releve/db/platform/events";
import { garments } from "@releve/db/schema";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createOwner } from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliverPending, testEffects } from "../testing/effects";
import { ownedPiece } from "../testing/pieces";
import { acceptTransfer } from "./accept-transfer";

const db = getDb(env.DB);

async function linkFor(piece: Awaited<ReturnType<typeof ownedPiece>>) {
  const link = await createTransferLink(db, { garmentId: piece.garment.id, userId: piece.owner.userId });
  if (link.status !== "created") throw new Error(link.status);
  return link.id;
}

describe("ownership/accept-transfer", () => {
  it("hands the piece over with one event; its delivery deletes the previous owner's photo", async () => {
    const piece = await ownedPiece(db, { photo: true });
    const transferId = await linkFor(piece);
    const buyer = await createOwner(db);
    const effects = testEffects(db, { kind: "client", id: buyer.userId });
    expect(await acceptTransfer(effects, { transferId, userId: buyer.userId })).toEqual({
      code: "transferred",
      garmentId: piece.garment.id,
      slug: piece.garment.slug,
    });
    const row = await db.select().from(garments).where(eq(garments.id, piece.garment.id)).get();
    expect(row).toMatchObject({ owner_user_id: buyer.userId, photo_key: null });
    expect(await readCachedTapRoute(env.TAP_KV, piece.garment.slug)).toMatchObject({ ownerUserId: buyer.userId });
    const [event] = await listEvents(db, { limit: 1, types: ["garment.transferred"] });
    expect(event).toMatchObject({
      garmentId: piece.garment.id,
      actorKind: "client",
      actorId: buyer.userId,
      payload: { transferId, photoKeys: [piece.photoKey] },
    });
    expect(await env.PHOTOS.get(piece.photoKey ?? "")).not.toBeNull();
    await deliverPending(db);
    expect(await env.PHOTOS.get(piece.photoKey ?? "")).toBeNull();
  });

  it("refuses the seller's own link and a used link, recording nothing", async () => {
    const piece = await ownedPiece(db);
    const transferId = await linkFor(piece);
    const seller = testEffects(db, { kind: "client", id: piece.owner.userId });
    const before = await listEvents(db, { limit: 100 });
    expect(await acceptTransfer(seller, { transferId, userId: piece.owner.userId })).toEqual({ code: "own_link" });
    const buyer = await createOwner(db);
    const buying = testEffects(db, { kind: "client", id: buyer.userId });
    expect((await acceptTransfer(buying, { transferId, userId: buyer.userId })).code).toBe("transferred");
    const late = await createOwner(db);
    const lateEffects = testEffects(db, { kind: "client", id: late.userId });
    expect(await acceptTransfer(lateEffects, { transferId, userId: late.userId })).toEqual({ code: "invalid" });
    const after = await listEvents(db, { limit: 100 });
    expect(after.length - before.length).toBe(1);
  });

  it("answers not_found for a transfer that does not exist", async () => {
    const buyer = await createOwner(db);
    const effects = testEffects(db, { kind: "client", id: buyer.userId });
    expect(await acceptTransfer(effects, { transferId: 999_999, userId: buyer.userId })).toEqual({
      code: "not_found",
    });
  });
});

/**
 * ownership/request-transfer (issue #32; issue #48): the request is stored with one
 * transfer.requested event concerning the owner; its delivery queues the owner's alert; a second
 * request and one's own piece are refused without an event.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { createOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { deliverPending, testEffects } from "../testing/effects";
import { ownedPiece } from "../testing/pieces";
import { requestTransfer } from "./request-transfer";

const db = getDb(env.DB);

describe("ownership/request-transfer", () => {
  it("stores the request with one event concerning the owner; its delivery tells them", async () => {
    const { owner, garment } = await ownedPiece(db);
    const asker = await createOwner(db);
    const effects = testEffects(db, { kind: "client", id: asker.userId });
    const outcome = await requestTransfer(effects, { slug: garment.slug, userId: asker.userId, message: "Please" });
    expect(outcome).toMatchObject({ code: "requested" });
    const [event] = await listEvents(db, { limit: 1, types: ["transfer.requested"] });
    expect(event).toMatchObject({
      garmentId: garment.id,
      actorId: asker.userId,
      personId: owner.userId,
      payload: { transferId: outcome.code === "requested" ? outcome.transferId : -1 },
    });
    expect(JSON.stringify(event)).not.toContain("Please");
    expect(await deliverPending(db)).toEqual([{ code: "delivered", ran: ["alerts.queue"] }]);
  });

  it("refuses a second request and one's own piece, recording nothing", async () => {
    const { owner, garment } = await ownedPiece(db);
    const asker = await createOwner(db);
    const effects = testEffects(db, { kind: "client", id: asker.userId });
    await requestTransfer(effects, { slug: garment.slug, userId: asker.userId, message: null });
    const before = await listEvents(db, { limit: 100 });
    expect(await requestTransfer(effects, { slug: garment.slug, userId: asker.userId, message: null })).toEqual({
      code: "already_requested",
    });
    const own = testEffects(db, { kind: "client", id: owner.userId });
    expect(await requestTransfer(own, { slug: garment.slug, userId: owner.userId, message: null })).toEqual({
      code: "own_piece",
    });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});

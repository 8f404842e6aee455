/**
 * ownership/create-transfer-link and ownership/cancel-transfer-link (issue #32; issue #48), with
 * the real bindings: each leaves one event naming the piece and the link; a refusal records nothing.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { createOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { ownedPiece } from "../testing/pieces";
import { cancelTransferLink } from "./cancel-transfer-link";
import { createTransferLink } from "./create-transfer-link";

const db = getDb(env.DB);

describe("ownership/create-transfer-link", () => {
  it("makes a link with one event naming the piece and the link", async () => {
    const { owner, garment } = await ownedPiece(db);
    const effects = testEffects(db, { kind: "client", id: owner.userId });
    const made = await createTransferLink(effects, { garmentId: garment.id, userId: owner.userId });
    if (made.code !== "created") throw new Error(made.code);
    const [event] = await listEvents(db, { limit: 1, types: ["transfer.link_created"] });
    expect(event).toMatchObject({
      garmentId: garment.id,
      actorKind: "client",
      actorId: owner.userId,
      payload: { transferId: made.transferId },
    });
  });

  it("refuses someone else's piece and records nothing", async () => {
    const { garment } = await ownedPiece(db);
    const stranger = await createOwner(db);
    const effects = testEffects(db, { kind: "client", id: stranger.userId });
    const before = await listEvents(db, { limit: 100 });
    expect(await createTransferLink(effects, { garmentId: garment.id, userId: stranger.userId })).toEqual({
      code: "not_owned",
    });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});

describe("ownership/cancel-transfer-link", () => {
  it("cancels the live link with one event; a second cancel has nothing to cancel and records nothing", async () => {
    const { owner, garment } = await ownedPiece(db);
    const effects = testEffects(db, { kind: "client", id: owner.userId });
    const made = await createTransferLink(effects, { garmentId: garment.id, userId: owner.userId });
    if (made.code !== "created") throw new Error(made.code);
    const input = { garmentId: garment.id, userId: owner.userId };
    expect(await cancelTransferLink(effects, input)).toEqual({ code: "cancelled" });
    const [event] = await listEvents(db, { limit: 1, types: ["transfer.link_cancelled"] });
    expect(event).toMatchObject({ garmentId: garment.id, payload: { transferId: made.transferId } });
    const before = await listEvents(db, { limit: 100 });
    expect(await cancelTransferLink(effects, input)).toEqual({ code: "no_live_link" });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });

  it("answers not_owned for someone else's piece", async () => {
    const { garment } = await ownedPiece(db);
    const stranger = await createOwner(db);
    const effects = testEffects(db, { kind: "client", id: stranger.userId });
    expect(await cancelTransferLink(effects, { garmentId: garment.id, userId: stranger.userId })).toEqual({
      code: "not_owned",
    });
  });
});

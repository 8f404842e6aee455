/**
 * ownership/create-transfer-link and ownership/cancel-transfer-link (issue #32; issue #48), with
 * the real bindings: each leaves one event naming the piece and the link; a refusal records nothing.
 * Then the link's state machine with ownership/accept-transfer (issue #32): the tap answers the new
 * state after each step, a race has one winner, a report of loss or theft stops it.
 */
import { env } from "cloudflare:workers";
import { TRANSFER_TTL_MS } from "@releve/core/wardrobe/transfer";
import { getDb } from "@releve/db";
import { liveTransferLink } from "@releve/db/ownership/queries";
import { listEvents } from "@releve/db/platform/events";
import {
  createContact,
  createGarment,
  createOwner,
  createScan,
  createUser,
  setGarmentTagStatus,
} from "@releve/db/testing/factories";
import { listWardrobe, loadGarmentDetail } from "@releve/db/wardrobe/queries";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { clientEffects, periods, tapFor, transferRow } from "../testing/ownership";
import { ownedPiece } from "../testing/pieces";
import { acceptTransfer } from "./accept-transfer";
import { cancelTransferLink } from "./cancel-transfer-link";
import { createTransferLink } from "./create-transfer-link";
import { releaseGarment } from "./release-garment";

const db = getDb(env.DB);

const client = (userId: string, at?: number) => clientEffects(db, userId, at);

/** The owner's new link, made at `at` (ms) when given. */
async function link(garmentId: number, userId: string, at?: number) {
  const made = await createTransferLink(client(userId, at), { garmentId, userId });
  if (made.code !== "created") throw new Error(`no link: ${made.code}`);
  return made;
}

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

describe("transfer links (issue #32)", () => {
  it("create, accept: the piece moves wardrobes, the tap follows, the periods say 'transfer'", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    const buyer = await createOwner(db);
    await createContact(db, seller.userId, { garment_id: garment.id, first_name: "Before" });
    await createScan(db, { garmentId: garment.id, ownerUserId: seller.userId, slug: garment.slug });
    const made = await link(garment.id, seller.userId);
    expect(made.expiresAt.getTime() - Date.now()).toBeGreaterThan(TRANSFER_TTL_MS - 60_000);
    expect(await liveTransferLink(db, garment.id, seller.userId, Date.now())).toMatchObject({ id: made.transferId });

    const accepted = await acceptTransfer(client(buyer.userId), { transferId: made.transferId, userId: buyer.userId });
    expect(accepted).toEqual({ code: "transferred", garmentId: garment.id, slug: garment.slug });
    const [event] = await listEvents(db, { limit: 1, types: ["garment.transferred"] });
    expect(event).toMatchObject({
      garmentId: garment.id,
      actorId: buyer.userId,
      payload: { transferId: made.transferId },
    });
    expect(await transferRow(made.transferId)).toMatchObject({ status: "accepted", to_user_id: buyer.userId });

    // The buyer's tap opens their garment page; the seller's shows the buyer's card.
    expect(await tapFor(garment.slug, buyer.userId)).toBe(`/dashboard/garment/${garment.id}`);
    expect(await tapFor(garment.slug, seller.userId)).toBe(`/share/${garment.slug}`);
    expect((await listWardrobe(db, buyer.userId)).map((g) => g.id)).toEqual([garment.id]);
    expect(await listWardrobe(db, seller.userId)).toEqual([]);
    expect(await periods(garment.id)).toEqual([
      { owner_user_id: seller.userId, started_how: "claim", ended_how: "transfer" },
      { owner_user_id: buyer.userId, started_how: "transfer", ended_how: null },
    ]);

    // The buyer starts clean: none of the seller's taps or contacts on their garment page.
    const detail = await loadGarmentDetail(db, garment.id, buyer.userId);
    expect(detail?.stats).toMatchObject({ scans: 0, contacts: 0 });
    expect(detail?.contacts).toEqual([]);
    // The seller can no longer open it, and the link is spent.
    expect(await loadGarmentDetail(db, garment.id, seller.userId)).toBeNull();
    const third = await createOwner(db);
    expect(await acceptTransfer(client(third.userId), { transferId: made.transferId, userId: third.userId })).toEqual({
      code: "invalid",
    });
  });

  it("a new link cancels the old; 'Cancel transfer' kills it; neither changes the owner", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    const buyer = await createOwner(db);
    const buying = client(buyer.userId);
    const first = await link(garment.id, seller.userId);
    const second = await link(garment.id, seller.userId);
    expect(await transferRow(first.transferId)).toMatchObject({ status: "cancelled", end_reason: "replaced" });
    expect(await acceptTransfer(buying, { transferId: first.transferId, userId: buyer.userId })).toEqual({
      code: "invalid",
    });
    const selling = client(seller.userId);
    const input = { garmentId: garment.id, userId: seller.userId };
    expect(await cancelTransferLink(selling, input)).toEqual({ code: "cancelled" });
    const [event] = await listEvents(db, { limit: 1, types: ["transfer.link_cancelled"] });
    expect(event).toMatchObject({
      garmentId: garment.id,
      actorId: seller.userId,
      payload: { transferId: second.transferId },
    });
    expect(await cancelTransferLink(selling, input)).toEqual({ code: "no_live_link" });
    expect(await transferRow(second.transferId)).toMatchObject({ status: "cancelled", end_reason: "cancelled" });
    expect(await acceptTransfer(buying, { transferId: second.transferId, userId: buyer.userId })).toEqual({
      code: "invalid",
    });
    expect(await tapFor(garment.slug, seller.userId)).toBe(`/dashboard/garment/${garment.id}`);
    expect((await listWardrobe(db, seller.userId)).map((g) => g.id)).toEqual([garment.id]);
  });

  it("an expired link is dead; the seller's own link and own piece are refused; unknown ids are not found", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    const buyer = await createOwner(db);
    const buying = client(buyer.userId);
    const old = await link(garment.id, seller.userId, Date.now() - TRANSFER_TTL_MS - 1000);
    expect(await acceptTransfer(buying, { transferId: old.transferId, userId: buyer.userId })).toEqual({
      code: "invalid",
    });
    expect(await liveTransferLink(db, garment.id, seller.userId, Date.now())).toBeUndefined();
    const fresh = await link(garment.id, seller.userId);
    const before = await listEvents(db, { limit: 100 });
    expect(
      await acceptTransfer(client(seller.userId), { transferId: fresh.transferId, userId: seller.userId }),
    ).toEqual({ code: "own_link" });
    expect(await acceptTransfer(buying, { transferId: 2 ** 40, userId: buyer.userId })).toEqual({
      code: "not_found",
    });
    // Only the owner makes links, for a claimed piece of theirs.
    expect(await createTransferLink(buying, { garmentId: garment.id, userId: buyer.userId })).toEqual({
      code: "not_owned",
    });
    const stock = await createGarment(db);
    expect(await createTransferLink(client(seller.userId), { garmentId: stock.id, userId: seller.userId })).toEqual({
      code: "not_owned",
    });
    // None of the refusals records an event.
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });

  it("a buyer without a profile is sent to make one first; nothing moves", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    const made = await link(garment.id, seller.userId);
    const bare = await createUser(db);
    expect(await acceptTransfer(client(bare), { transferId: made.transferId, userId: bare })).toEqual({
      code: "profile_missing",
    });
    expect(await transferRow(made.transferId)).toMatchObject({ status: "pending" });
  });

  it("two buyers accepting at once: exactly one wins, the other changes nothing", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    const [a, b] = await Promise.all([createOwner(db), createOwner(db)]);
    const made = await link(garment.id, seller.userId);
    const results = await Promise.all(
      [a, b].map((buyer) =>
        acceptTransfer(client(buyer.userId), { transferId: made.transferId, userId: buyer.userId }),
      ),
    );
    expect(results.map((r) => r.code).sort()).toEqual(["invalid", "transferred"]);
    const winner = results[0]?.code === "transferred" ? a : b;
    expect(await transferRow(made.transferId)).toMatchObject({ status: "accepted", to_user_id: winner.userId });
    expect((await periods(garment.id)).map((p) => p.owner_user_id)).toEqual([seller.userId, winner.userId]);
    expect(await tapFor(garment.slug, winner.userId)).toBe(`/dashboard/garment/${garment.id}`);
    // One hand-over, one event: the loser's records nothing.
    const handOvers = await listEvents(db, { limit: 100, types: ["garment.transferred"] });
    expect(handOvers.filter((e) => e.garmentId === garment.id)).toMatchObject([{ actorId: winner.userId }]);
  });

  it("a report of loss or theft cancels the pending link and blocks new ones and release", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    const buyer = await createOwner(db);
    const made = await link(garment.id, seller.userId);
    await setGarmentTagStatus(db, garment.id, "stolen");
    expect(await transferRow(made.transferId)).toMatchObject({ status: "cancelled", end_reason: "reported" });
    expect(await acceptTransfer(client(buyer.userId), { transferId: made.transferId, userId: buyer.userId })).toEqual({
      code: "invalid",
    });
    const selling = client(seller.userId);
    const input = { garmentId: garment.id, userId: seller.userId };
    expect(await createTransferLink(selling, input)).toEqual({ code: "reported_missing" });
    expect(await releaseGarment(selling, input)).toEqual({ code: "reported_missing" });
    expect((await listWardrobe(db, seller.userId)).map((g) => g.id)).toEqual([garment.id]);
  });
});

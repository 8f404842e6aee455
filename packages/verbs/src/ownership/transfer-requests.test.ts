/**
 * A transfer request and its answer (issue #32): ownership/request-transfer, then
 * ownership/accept-transfer's answerTransfer, with the real bindings. Only the owner answers,
 * once; silence for TRANSFER_TTL_MS is a decline; refusals and rate limits store nothing; a
 * request made to a previous owner dies with their ownership.
 */
import { env } from "cloudflare:workers";
import { TRANSFER_REQUEST_LIMITS, TRANSFER_TTL_MS } from "@releve/core/wardrobe/transfer";
import { getDb } from "@releve/db";
import { requestsToAnswer } from "@releve/db/ownership/queries";
import { listEvents } from "@releve/db/platform/events";
import { createGarment, createOwner, createUser, setGarmentTagStatus } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { clientEffects, periods, tapFor, transferRow } from "../testing/ownership";
import { ownedPiece } from "../testing/pieces";
import { acceptTransfer, answerTransfer } from "./accept-transfer";
import { createTransferLink } from "./create-transfer-link";
import { requestTransfer } from "./request-transfer";

const db = getDb(env.DB);

const client = (userId: string, at?: number) => clientEffects(db, userId, at);

/** `userId`'s request for the piece at `slug`, made at `at` (ms) when given; it must stand. */
async function ask(slug: string, userId: string, message: string | null = null, at?: number) {
  const asked = await requestTransfer(client(userId, at), { slug, userId, message });
  if (asked.code !== "requested") throw new Error(asked.code);
  return asked;
}

describe("transfer requests (issue #32)", () => {
  it("request, approve: the requester owns it; the owner never answers twice", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    const buyer = await createOwner(db);
    const buying = client(buyer.userId);
    const selling = client(seller.userId);
    const asked = await ask(garment.slug, buyer.userId, "Bought it in Milan");
    const [requested] = await listEvents(db, { limit: 1, types: ["transfer.requested"] });
    expect(requested).toMatchObject({
      garmentId: garment.id,
      actorId: buyer.userId,
      personId: seller.userId,
      payload: { transferId: asked.transferId },
    });
    expect(await requestTransfer(buying, { slug: garment.slug, userId: buyer.userId, message: null })).toEqual({
      code: "already_requested",
    });
    const toAnswer = await requestsToAnswer(db, seller.userId, Date.now());
    expect(toAnswer).toMatchObject([{ id: asked.transferId, garment_id: garment.id, message: "Bought it in Milan" }]);
    // Only the owner answers: the requester (or anyone else) finds nothing.
    expect(await answerTransfer(buying, { transferId: asked.transferId, userId: buyer.userId, approve: true })).toEqual(
      { code: "not_found" },
    );
    expect(
      await answerTransfer(selling, { transferId: asked.transferId, userId: seller.userId, approve: true }),
    ).toEqual({ code: "transferred", garmentId: garment.id, slug: garment.slug });
    const [handedOver] = await listEvents(db, { limit: 1, types: ["garment.transferred"] });
    expect(handedOver).toMatchObject({
      garmentId: garment.id,
      actorId: seller.userId,
      payload: { transferId: asked.transferId },
    });
    expect(await tapFor(garment.slug, buyer.userId)).toBe(`/dashboard/garment/${garment.id}`);
    expect(
      await answerTransfer(selling, { transferId: asked.transferId, userId: seller.userId, approve: false }),
    ).toEqual({ code: "gone" });
    expect(await transferRow(asked.transferId)).toMatchObject({ status: "accepted", to_user_id: buyer.userId });
    expect(await requestsToAnswer(db, seller.userId, Date.now())).toEqual([]);
    expect((await periods(garment.id)).at(-1)).toEqual({
      owner_user_id: buyer.userId,
      started_how: "transfer",
      ended_how: null,
    });
  });

  it("decline changes nothing; silence for 14 days is a decline and the requester may ask again", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    const buyer = await createOwner(db);
    const asked = await ask(garment.slug, buyer.userId);
    const before = await listEvents(db, { limit: 100 });
    expect(
      await answerTransfer(client(seller.userId), {
        transferId: asked.transferId,
        userId: seller.userId,
        approve: false,
      }),
    ).toEqual({ code: "declined" });
    // Declining changes only the request: no event.
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
    expect(await tapFor(garment.slug, seller.userId)).toBe(`/dashboard/garment/${garment.id}`);
    expect(await transferRow(asked.transferId)).toMatchObject({ status: "declined" });

    const again = await ask(garment.slug, buyer.userId);
    const later = Date.now() + TRANSFER_TTL_MS + 1000;
    expect(await requestsToAnswer(db, seller.userId, later)).toEqual([]);
    expect(
      await answerTransfer(client(seller.userId, later), {
        transferId: again.transferId,
        userId: seller.userId,
        approve: true,
      }),
    ).toEqual({ code: "gone" });
    // After the silence, a new request stands (the timed-out one reads as declined).
    const third = await requestTransfer(client(buyer.userId, later), {
      slug: garment.slug,
      userId: buyer.userId,
      message: null,
    });
    expect(third.code).toBe("requested");
    expect(await transferRow(again.transferId)).toMatchObject({ status: "declined" });
  });

  it("refuses a request for a piece unclaimed, missing, unknown or one's own, and a requester without a profile", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    const buyer = await createOwner(db);
    const stock = await createGarment(db);
    const before = await listEvents(db, { limit: 100 });
    const refused = (slug: string, userId = buyer.userId) =>
      requestTransfer(client(userId), { slug, userId, message: null });
    expect(await refused(stock.slug)).toEqual({ code: "unclaimed" });
    expect(await refused("no-such-piece-here")).toEqual({ code: "not_found" });
    expect(await refused(garment.slug, seller.userId)).toEqual({ code: "own_piece" });
    expect(await refused(garment.slug, await createUser(db))).toEqual({ code: "profile_missing" });
    await setGarmentTagStatus(db, garment.id, "lost");
    expect(await refused(garment.slug)).toEqual({ code: "reported_missing" });
    const count = await env.DB.prepare("select count(*) as n from ownership_transfers where garment_id in (?, ?)")
      .bind(garment.id, stock.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });

  it("rate-limits per requester and per garment; a refused request counts nowhere", async () => {
    const buyer = await createOwner(db);
    const buying = client(buyer.userId);
    const pieces = await Promise.all(
      Array.from({ length: TRANSFER_REQUEST_LIMITS.perRequester + 1 }, () => ownedPiece(db)),
    );
    const answers = [];
    for (const { garment } of pieces)
      answers.push((await requestTransfer(buying, { slug: garment.slug, userId: buyer.userId, message: null })).code);
    expect(answers.filter((s) => s === "requested")).toHaveLength(TRANSFER_REQUEST_LIMITS.perRequester);
    expect(answers.at(-1)).toBe("rate_limited");

    const { garment } = await ownedPiece(db);
    const askers = await Promise.all(
      Array.from({ length: TRANSFER_REQUEST_LIMITS.perGarment + 1 }, () => createOwner(db)),
    );
    const perPiece = [];
    for (const asker of askers)
      perPiece.push(
        (await requestTransfer(client(asker.userId), { slug: garment.slug, userId: asker.userId, message: null })).code,
      );
    expect(perPiece.at(-1)).toBe("rate_limited");
    expect(perPiece.filter((s) => s === "requested")).toHaveLength(TRANSFER_REQUEST_LIMITS.perGarment);
  });

  it("a request made to a previous owner cannot be approved by them", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    const buyer = await createOwner(db);
    const asked = await ask(garment.slug, buyer.userId);
    const selling = client(seller.userId);
    const made = await createTransferLink(selling, { garmentId: garment.id, userId: seller.userId });
    if (made.code !== "created") throw new Error(made.code);
    const other = await createOwner(db);
    expect(
      (await acceptTransfer(client(other.userId), { transferId: made.transferId, userId: other.userId })).code,
    ).toBe("transferred");
    expect(await transferRow(asked.transferId)).toMatchObject({ status: "cancelled", end_reason: "owner_changed" });
    expect(
      await answerTransfer(selling, { transferId: asked.transferId, userId: seller.userId, approve: true }),
    ).toEqual({ code: "gone" });
    expect(await tapFor(garment.slug, other.userId)).toBe(`/dashboard/garment/${garment.id}`);
  });
});

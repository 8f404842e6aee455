/**
 * A garment's next owner (issue #32): the transfer link and request state machine, with the tap
 * answering the new state after each step, races, and each period's taps and contacts seen only
 * by its owner.
 */
import { env } from "cloudflare:workers";
import { decideTap } from "@releve/core/tap/rules";
import { type AdminOwnershipHistory, TRANSFER_REQUEST_LIMITS, TRANSFER_TTL_MS } from "@releve/core/wardrobe/transfer";
import { getDb } from "@releve/db";
import { listRecentContacts } from "@releve/db/crm/queries";
import {
  acceptTransferLink,
  answerTransferRequest,
  cancelTransferLink,
  createTransferLink,
  releaseGarment,
  requestTransfer,
} from "@releve/db/ownership/commands";
import { liveTransferLink, ownershipHistory, requestsToAnswer } from "@releve/db/ownership/queries";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import {
  createContact,
  createGarment,
  createOwner,
  createScan,
  createUser,
  setGarmentFields,
  setGarmentTagStatus,
} from "@releve/db/testing/factories";
import { claimGarment } from "@releve/db/wardrobe/commands";
import { listWardrobe, loadGarmentDetail } from "@releve/db/wardrobe/queries";
import { describe, expect, it } from "vitest";
import { adminApiCallers, json } from "./admin-support";

const db = getDb(env.DB);
const stores = { DB: env.DB, TAP_KV: env.TAP_KV };
const { call } = adminApiCallers();

/** Where the next tap by `viewer` goes, from the record the tap reads. */
async function tapFor(slug: string, viewer: string | null) {
  const route = await readCachedTapRoute(env.TAP_KV, slug);
  const decision = decideTap(route ?? null, viewer);
  return decision.status === 302 ? decision.location : decision.outcome;
}

async function ownedPiece() {
  const seller = await createOwner(db);
  const garment = await createGarment(db, { fields: { title: "Transfer Coat" } });
  expect((await claimGarment(db, stores, { slug: garment.slug, userId: seller.userId })).status).toBe("claimed");
  return { seller, garment };
}

const transferRow = async (id: number) =>
  env.DB.prepare("select status, end_reason, to_user_id from ownership_transfers where id = ?")
    .bind(id)
    .first<{ status: string; end_reason: string | null; to_user_id: string | null }>();

const periods = async (garmentId: number) =>
  (
    await env.DB.prepare(
      "select owner_user_id, started_how, ended_how from ownership_periods where garment_id = ? order by id",
    )
      .bind(garmentId)
      .all<{ owner_user_id: string | null; started_how: string; ended_how: string | null }>()
  ).results;

async function link(garmentId: number, userId: string, now = Date.now()) {
  const made = await createTransferLink(db, { garmentId, userId }, now);
  if (made.status !== "created") throw new Error(`no link: ${made.status}`);
  return made;
}

describe("transfer links (issue #32)", () => {
  it("create, accept: the piece moves wardrobes, the tap follows, the periods say 'transfer'", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    await createContact(db, seller.userId, { garment_id: garment.id, first_name: "Before" });
    await createScan(db, { garmentId: garment.id, ownerUserId: seller.userId, slug: garment.slug });
    const made = await link(garment.id, seller.userId);
    expect(made.expiresAt.getTime() - Date.now()).toBeGreaterThan(TRANSFER_TTL_MS - 60_000);
    expect(await liveTransferLink(db, garment.id, seller.userId, Date.now())).toMatchObject({ id: made.id });

    const accepted = await acceptTransferLink(db, stores, { transferId: made.id, userId: buyer.userId });
    expect(accepted).toMatchObject({ status: "transferred", garmentId: garment.id, slug: garment.slug });
    expect(await transferRow(made.id)).toMatchObject({ status: "accepted", to_user_id: buyer.userId });

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
    expect((await acceptTransferLink(db, stores, { transferId: made.id, userId: third.userId })).status).toBe(
      "invalid",
    );
  });

  it("a new link cancels the old; 'Cancel transfer' kills it; neither changes the owner", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    const first = await link(garment.id, seller.userId);
    const second = await link(garment.id, seller.userId);
    expect(await transferRow(first.id)).toMatchObject({ status: "cancelled", end_reason: "replaced" });
    expect((await acceptTransferLink(db, stores, { transferId: first.id, userId: buyer.userId })).status).toBe(
      "invalid",
    );
    expect(await cancelTransferLink(db, { garmentId: garment.id, userId: seller.userId })).toBe(true);
    expect(await cancelTransferLink(db, { garmentId: garment.id, userId: seller.userId })).toBe(false);
    expect(await transferRow(second.id)).toMatchObject({ status: "cancelled", end_reason: "cancelled" });
    expect((await acceptTransferLink(db, stores, { transferId: second.id, userId: buyer.userId })).status).toBe(
      "invalid",
    );
    expect(await tapFor(garment.slug, seller.userId)).toBe(`/dashboard/garment/${garment.id}`);
    expect((await listWardrobe(db, seller.userId)).map((g) => g.id)).toEqual([garment.id]);
  });

  it("an expired link is dead; the seller's own link and own piece are refused; unknown ids are not found", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    const old = await link(garment.id, seller.userId, Date.now() - TRANSFER_TTL_MS - 1000);
    expect((await acceptTransferLink(db, stores, { transferId: old.id, userId: buyer.userId })).status).toBe("invalid");
    expect(await liveTransferLink(db, garment.id, seller.userId, Date.now())).toBeUndefined();
    const fresh = await link(garment.id, seller.userId);
    expect((await acceptTransferLink(db, stores, { transferId: fresh.id, userId: seller.userId })).status).toBe(
      "own_link",
    );
    expect((await acceptTransferLink(db, stores, { transferId: 2 ** 40, userId: buyer.userId })).status).toBe(
      "not_found",
    );
    // Only the owner makes links, for a claimed piece of theirs.
    expect((await createTransferLink(db, { garmentId: garment.id, userId: buyer.userId })).status).toBe("not_owned");
    const stock = await createGarment(db);
    expect((await createTransferLink(db, { garmentId: stock.id, userId: seller.userId })).status).toBe("not_owned");
  });

  it("a buyer without a profile is sent to make one first; nothing moves", async () => {
    const { seller, garment } = await ownedPiece();
    const made = await link(garment.id, seller.userId);
    const bare = await createUser(db);
    expect((await acceptTransferLink(db, stores, { transferId: made.id, userId: bare })).status).toBe(
      "profile_missing",
    );
    expect(await transferRow(made.id)).toMatchObject({ status: "pending" });
  });

  it("two buyers accepting at once: exactly one wins, the other changes nothing", async () => {
    const { seller, garment } = await ownedPiece();
    const [a, b] = await Promise.all([createOwner(db), createOwner(db)]);
    const made = await link(garment.id, seller.userId);
    const results = await Promise.all(
      [a, b].map((buyer) => acceptTransferLink(db, stores, { transferId: made.id, userId: buyer.userId })),
    );
    expect(results.map((r) => r.status).sort()).toEqual(["invalid", "transferred"]);
    const winner = results[0]?.status === "transferred" ? a : b;
    expect(await transferRow(made.id)).toMatchObject({ status: "accepted", to_user_id: winner.userId });
    expect((await periods(garment.id)).map((p) => p.owner_user_id)).toEqual([seller.userId, winner.userId]);
    expect(await tapFor(garment.slug, winner.userId)).toBe(`/dashboard/garment/${garment.id}`);
  });

  it("a report of loss or theft cancels the pending link and blocks new ones and release", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    const made = await link(garment.id, seller.userId);
    await setGarmentTagStatus(db, garment.id, "stolen");
    expect(await transferRow(made.id)).toMatchObject({ status: "cancelled", end_reason: "reported" });
    expect((await acceptTransferLink(db, stores, { transferId: made.id, userId: buyer.userId })).status).toBe(
      "invalid",
    );
    expect((await createTransferLink(db, { garmentId: garment.id, userId: seller.userId })).status).toBe(
      "reported_missing",
    );
    expect((await releaseGarment(db, stores, { garmentId: garment.id, userId: seller.userId })).status).toBe(
      "reported_missing",
    );
    expect((await listWardrobe(db, seller.userId)).map((g) => g.id)).toEqual([garment.id]);
  });

  it("an admin's reassign and a registry release cancel pending transfers", async () => {
    const { seller, garment } = await ownedPiece();
    const made = await link(garment.id, seller.userId);
    const other = await createOwner(db);
    await json(await call("admin", "POST", `/garments/${garment.id}/reassign`, { client_id: other.profileId }));
    expect(await transferRow(made.id)).toMatchObject({ status: "cancelled", end_reason: "owner_changed" });
    const asked = await requestTransfer(db, { slug: garment.slug, userId: seller.userId, message: null });
    expect(asked.status).toBe("requested");
    // The piece leaves its owner by hand: the request addressed to them dies with the ownership.
    await setGarmentFields(db, garment.id, { owner_user_id: null, status: "unclaimed" });
    if (asked.status !== "requested") throw new Error("no request");
    expect(await transferRow(asked.id)).toMatchObject({ status: "cancelled", end_reason: "owner_changed" });
  });
});

describe("release (issue #32)", () => {
  it("'Remove from my wardrobe': claimable again, the period ends, the tap offers the claim, the contacts stay", async () => {
    const { seller, garment } = await ownedPiece();
    await createContact(db, seller.userId, { garment_id: garment.id, first_name: "Kept" });
    const made = await link(garment.id, seller.userId);
    expect(await releaseGarment(db, stores, { garmentId: garment.id, userId: seller.userId })).toMatchObject({
      status: "released",
      slug: garment.slug,
    });
    expect(await transferRow(made.id)).toMatchObject({ status: "cancelled", end_reason: "owner_changed" });
    expect(await tapFor(garment.slug, seller.userId)).toBe(`/claim/${garment.slug}`);
    expect(await periods(garment.id)).toEqual([
      { owner_user_id: seller.userId, started_how: "claim", ended_how: "release" },
    ]);
    const kept = await env.DB.prepare("select count(*) as n from contacts where owner_user_id = ? and garment_id = ?")
      .bind(seller.userId, garment.id)
      .first<{ n: number }>();
    expect(kept?.n).toBe(1);
    // A second release, or someone else's, changes nothing.
    expect((await releaseGarment(db, stores, { garmentId: garment.id, userId: seller.userId })).status).toBe(
      "not_owned",
    );
    const next = await createOwner(db);
    expect((await claimGarment(db, stores, { slug: garment.slug, userId: next.userId })).status).toBe("claimed");
    expect((await periods(garment.id)).map((p) => p.owner_user_id)).toEqual([seller.userId, next.userId]);
  });
});

describe("transfer requests (issue #32)", () => {
  it("request, approve: the requester owns it; the owner never answers twice", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    const asked = await requestTransfer(db, {
      slug: garment.slug,
      userId: buyer.userId,
      message: "Bought it in Milan",
    });
    if (asked.status !== "requested") throw new Error(asked.status);
    expect((await requestTransfer(db, { slug: garment.slug, userId: buyer.userId, message: null })).status).toBe(
      "already_requested",
    );
    const toAnswer = await requestsToAnswer(db, seller.userId, Date.now());
    expect(toAnswer).toMatchObject([{ id: asked.id, garment_id: garment.id, message: "Bought it in Milan" }]);
    // Only the owner answers: the requester (or anyone else) finds nothing.
    expect(
      (await answerTransferRequest(db, stores, { transferId: asked.id, userId: buyer.userId, approve: true })).status,
    ).toBe("not_found");
    expect(
      await answerTransferRequest(db, stores, { transferId: asked.id, userId: seller.userId, approve: true }),
    ).toMatchObject({ status: "transferred", garmentId: garment.id });
    expect(await tapFor(garment.slug, buyer.userId)).toBe(`/dashboard/garment/${garment.id}`);
    expect(
      (await answerTransferRequest(db, stores, { transferId: asked.id, userId: seller.userId, approve: false })).status,
    ).toBe("gone");
    expect(await transferRow(asked.id)).toMatchObject({ status: "accepted", to_user_id: buyer.userId });
    expect(await requestsToAnswer(db, seller.userId, Date.now())).toEqual([]);
    expect((await periods(garment.id)).at(-1)).toEqual({
      owner_user_id: buyer.userId,
      started_how: "transfer",
      ended_how: null,
    });
  });

  it("decline changes nothing; silence for 14 days is a decline and the requester may ask again", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    const asked = await requestTransfer(db, { slug: garment.slug, userId: buyer.userId, message: null });
    if (asked.status !== "requested") throw new Error(asked.status);
    expect(
      (await answerTransferRequest(db, stores, { transferId: asked.id, userId: seller.userId, approve: false })).status,
    ).toBe("declined");
    expect(await tapFor(garment.slug, seller.userId)).toBe(`/dashboard/garment/${garment.id}`);
    expect(await transferRow(asked.id)).toMatchObject({ status: "declined" });

    const again = await requestTransfer(db, { slug: garment.slug, userId: buyer.userId, message: null });
    if (again.status !== "requested") throw new Error(again.status);
    const later = Date.now() + TRANSFER_TTL_MS + 1000;
    expect(await requestsToAnswer(db, seller.userId, later)).toEqual([]);
    expect(
      (await answerTransferRequest(db, stores, { transferId: again.id, userId: seller.userId, approve: true }, later))
        .status,
    ).toBe("gone");
    // After the silence, a new request stands (the timed-out one reads as declined).
    const third = await requestTransfer(db, { slug: garment.slug, userId: buyer.userId, message: null }, later);
    expect(third.status).toBe("requested");
    expect(await transferRow(again.id)).toMatchObject({ status: "declined" });
  });

  it("refuses a request for a piece unclaimed, missing, unknown or one's own, and a requester without a profile", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    const stock = await createGarment(db);
    const ask = (slug: string, userId = buyer.userId) => requestTransfer(db, { slug, userId, message: null });
    expect((await ask(stock.slug)).status).toBe("unclaimed");
    expect((await ask("no-such-piece-here")).status).toBe("not_found");
    expect((await ask(garment.slug, seller.userId)).status).toBe("own_piece");
    expect((await ask(garment.slug, await createUser(db))).status).toBe("profile_missing");
    await setGarmentTagStatus(db, garment.id, "lost");
    expect((await ask(garment.slug)).status).toBe("reported_missing");
    const count = await env.DB.prepare("select count(*) as n from ownership_transfers where garment_id in (?, ?)")
      .bind(garment.id, stock.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("rate-limits per requester and per garment; a refused request counts nowhere", async () => {
    const buyer = await createOwner(db);
    const pieces = await Promise.all(
      Array.from({ length: TRANSFER_REQUEST_LIMITS.perRequester + 1 }, () => ownedPiece()),
    );
    const answers = [];
    for (const { garment } of pieces)
      answers.push((await requestTransfer(db, { slug: garment.slug, userId: buyer.userId, message: null })).status);
    expect(answers.filter((s) => s === "requested")).toHaveLength(TRANSFER_REQUEST_LIMITS.perRequester);
    expect(answers.at(-1)).toBe("rate_limited");

    const { garment } = await ownedPiece();
    const askers = await Promise.all(
      Array.from({ length: TRANSFER_REQUEST_LIMITS.perGarment + 1 }, () => createOwner(db)),
    );
    const perPiece = [];
    for (const asker of askers)
      perPiece.push((await requestTransfer(db, { slug: garment.slug, userId: asker.userId, message: null })).status);
    expect(perPiece.at(-1)).toBe("rate_limited");
    expect(perPiece.filter((s) => s === "requested")).toHaveLength(TRANSFER_REQUEST_LIMITS.perGarment);
  });

  it("a request made to a previous owner cannot be approved by them", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    const asked = await requestTransfer(db, { slug: garment.slug, userId: buyer.userId, message: null });
    if (asked.status !== "requested") throw new Error(asked.status);
    const made = await link(garment.id, seller.userId);
    const other = await createOwner(db);
    await acceptTransferLink(db, stores, { transferId: made.id, userId: other.userId });
    expect(await transferRow(asked.id)).toMatchObject({ status: "cancelled", end_reason: "owner_changed" });
    expect(
      (await answerTransferRequest(db, stores, { transferId: asked.id, userId: seller.userId, approve: true })).status,
    ).toBe("gone");
    expect(await tapFor(garment.slug, other.userId)).toBe(`/dashboard/garment/${garment.id}`);
  });
});

describe("history by ownership period (issue #32)", () => {
  it("each owner sees only their period's taps and contacts; staff see periods and transfers", async () => {
    const { seller, garment } = await ownedPiece();
    await createContact(db, seller.userId, { garment_id: garment.id, first_name: "Sellers" });
    await createScan(db, { garmentId: garment.id, ownerUserId: seller.userId, slug: garment.slug });
    const buyer = await createOwner(db);
    const made = await link(garment.id, seller.userId);
    await acceptTransferLink(db, stores, { transferId: made.id, userId: buyer.userId });
    await createContact(db, buyer.userId, { garment_id: garment.id, first_name: "Buyers" });
    await createScan(db, { garmentId: garment.id, ownerUserId: buyer.userId, slug: garment.slug });
    await createScan(db, { garmentId: garment.id, ownerUserId: buyer.userId, slug: garment.slug });

    const mine = await loadGarmentDetail(db, garment.id, buyer.userId);
    expect(mine?.stats).toMatchObject({ scans: 2, contacts: 1 });
    expect(mine?.contacts.map((c) => c.first_name)).toEqual(["Buyers"]);
    const sellersContacts = await env.DB.prepare("select first_name from contacts where owner_user_id = ?")
      .bind(seller.userId)
      .all<{ first_name: string }>();
    expect(sellersContacts.results.map((c) => c.first_name)).toEqual(["Sellers"]);
    // The seller's list still names the piece, marked as no longer theirs; the buyer's as theirs.
    expect(await listRecentContacts(db, seller.userId, 5)).toMatchObject([
      { first_name: "Sellers", garment_name: "Test Garment", garment_owned: false },
    ]);
    expect(await listRecentContacts(db, buyer.userId, 5)).toMatchObject([
      { first_name: "Buyers", garment_owned: true },
    ]);

    const api = await json<AdminOwnershipHistory>(await call("admin", "GET", `/garments/${garment.id}/ownership`));
    expect(api.periods.map((p) => [p.ownerEmail !== null, p.startedHow, p.endedHow])).toEqual([
      [true, "transfer", null],
      [true, "claim", "transfer"],
    ]);
    const emails = await env.DB.prepare("select id, email from users where id in (?, ?)")
      .bind(seller.userId, buyer.userId)
      .all<{ id: string; email: string }>();
    const emailOf = (id: string) => emails.results.find((u) => u.id === id)?.email;
    expect(api.periods.map((p) => p.ownerEmail)).toEqual([emailOf(buyer.userId), emailOf(seller.userId)]);
    expect(api.transfers).toMatchObject([
      { kind: "link", status: "accepted", fromEmail: emailOf(seller.userId), toEmail: emailOf(buyer.userId) },
    ]);
    expect((await call("admin", "GET", "/garments/999999999/ownership")).status).toBe(404);
    const history = await ownershipHistory(db, garment.id);
    expect(history.periods.map((p) => [p.started_how, p.ended_how])).toEqual([
      ["transfer", null],
      ["claim", "transfer"],
    ]);
    expect(history.transfers).toMatchObject([{ kind: "link", status: "accepted" }]);
  });
});

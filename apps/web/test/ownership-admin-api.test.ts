/**
 * A garment's ownership over the admin API (issue #32): an admin's reassign cancels the piece's
 * pending transfers, and staff read each period's owner and the transfers, newest first.
 * The use cases themselves (links, requests, release, each owner's history) are tested beside
 * their verbs in packages/verbs/src/ownership/.
 */
import { env } from "cloudflare:workers";
import type { AdminOwnershipHistory } from "@releve/core/wardrobe/transfer";
import { getDb } from "@releve/db";
import { createGarment, createOwner, setGarmentFields } from "@releve/db/testing/factories";
import { acceptTransfer } from "@releve/verbs/ownership/accept-transfer";
import { createTransferLink } from "@releve/verbs/ownership/create-transfer-link";
import { requestTransfer } from "@releve/verbs/ownership/request-transfer";
import { clientEffects } from "@releve/verbs/testing/ownership";
import { claimAs } from "@releve/verbs/testing/pieces";
import { describe, expect, it } from "vitest";
import { adminApiCallers, json } from "./admin-support";

const db = getDb(env.DB);
const { call } = adminApiCallers();

async function ownedPiece() {
  const seller = await createOwner(db);
  const garment = await createGarment(db, { fields: { title: "Transfer Coat" } });
  expect((await claimAs(db, seller.userId, garment.slug)).code).toBe("claimed");
  return { seller, garment };
}

const transferRow = async (id: number) =>
  env.DB.prepare("select status, end_reason, to_user_id from ownership_transfers where id = ?")
    .bind(id)
    .first<{ status: string; end_reason: string | null; to_user_id: string | null }>();

async function link(garmentId: number, userId: string) {
  const made = await createTransferLink(clientEffects(db, userId), { garmentId, userId });
  if (made.code !== "created") throw new Error(`no link: ${made.code}`);
  return made;
}

describe("transfer links (issue #32)", () => {
  it("an admin's reassign and a registry release cancel pending transfers", async () => {
    const { seller, garment } = await ownedPiece();
    const made = await link(garment.id, seller.userId);
    const other = await createOwner(db);
    await json(await call("admin", "POST", `/garments/${garment.id}/reassign`, { client_id: other.profileId }));
    expect(await transferRow(made.transferId)).toMatchObject({ status: "cancelled", end_reason: "owner_changed" });
    const asked = await requestTransfer(clientEffects(db, seller.userId), {
      slug: garment.slug,
      userId: seller.userId,
      message: null,
    });
    expect(asked.code).toBe("requested");
    // The piece leaves its owner by hand: the request addressed to them dies with the ownership.
    await setGarmentFields(db, garment.id, { owner_user_id: null, status: "unclaimed" });
    if (asked.code !== "requested") throw new Error("no request");
    expect(await transferRow(asked.transferId)).toMatchObject({ status: "cancelled", end_reason: "owner_changed" });
  });
});

describe("history by ownership period (issue #32)", () => {
  it("staff see each period's owner and the transfers over the admin API; an unknown garment is a 404", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    const made = await link(garment.id, seller.userId);
    expect(
      (await acceptTransfer(clientEffects(db, buyer.userId), { transferId: made.transferId, userId: buyer.userId }))
        .code,
    ).toBe("transferred");

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
  });
});

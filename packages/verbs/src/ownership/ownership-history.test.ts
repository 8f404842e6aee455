/**
 * History by ownership period (issue #32), after a link's hand-over by ownership/accept-transfer:
 * each owner sees only their own period's taps and contacts; the garment's history keeps every
 * period and transfer for staff. (The admin API's view of it: apps/web/test/ownership-admin-api.test.ts.)
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listRecentContacts } from "@releve/db/crm/queries";
import { ownershipHistory } from "@releve/db/ownership/queries";
import { createContact, createOwner, createScan } from "@releve/db/testing/factories";
import { loadGarmentDetail } from "@releve/db/wardrobe/queries";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { ownedPiece } from "../testing/pieces";
import { acceptTransfer } from "./accept-transfer";
import { createTransferLink } from "./create-transfer-link";

const db = getDb(env.DB);

describe("history by ownership period (issue #32)", () => {
  it("each owner sees only their period's taps and contacts; staff see periods and transfers", async () => {
    const { owner: seller, garment } = await ownedPiece(db);
    await createContact(db, seller.userId, { garment_id: garment.id, first_name: "Sellers" });
    await createScan(db, { garmentId: garment.id, ownerUserId: seller.userId, slug: garment.slug });
    const buyer = await createOwner(db);
    const made = await createTransferLink(testEffects(db, { kind: "client", id: seller.userId }), {
      garmentId: garment.id,
      userId: seller.userId,
    });
    if (made.code !== "created") throw new Error(made.code);
    const buying = testEffects(db, { kind: "client", id: buyer.userId });
    expect((await acceptTransfer(buying, { transferId: made.transferId, userId: buyer.userId })).code).toBe(
      "transferred",
    );
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

    const history = await ownershipHistory(db, garment.id);
    expect(history.periods.map((p) => [p.started_how, p.ended_how])).toEqual([
      ["transfer", null],
      ["claim", "transfer"],
    ]);
    expect(history.transfers).toMatchObject([{ kind: "link", status: "accepted" }]);
  });
});

/**
 * Ownership periods (issue #32, migration 0016): every change of a garment's owner, whichever
 * command or foreign key makes it, closes the open period and opens the next in the same
 * statement, saying how; the passport counts the owners and says when it changed hands, never who.
 * Here through a claim and the admin API; the periods' own rules (a deleted account's, at most one
 * open) are tested beside the schema, packages/db/src/ownership/periods.workers.test.ts.
 */
import { env } from "cloudflare:workers";
import type { AdminClient, ProgrammedTag } from "@releve/core/tags/contracts";
import { getDb } from "@releve/db";
import { getPassport, ownershipChanges } from "@releve/db/passport/queries";
import { createGarment, createOwner, createProduct } from "@releve/db/testing/factories";
import { ownershipPeriodsOf } from "@releve/db/testing/periods";
import { claimAs } from "@releve/verbs/testing/pieces";
import { describe, expect, it } from "vitest";
import { passportView } from "../app/features/passport/passport.server";
import { adminApiCallers, json, ORIGIN } from "./admin-support";

const db = getDb(env.DB);
const { call } = adminApiCallers();

const periods = (garmentId: number) => ownershipPeriodsOf(env.DB, garmentId);
const ownerVia = async (garmentId: number) =>
  (
    await env.DB.prepare("select owner_via from garments where id = ?")
      .bind(garmentId)
      .first<{ owner_via: string | null }>()
  )?.owner_via;

describe("ownership periods (issue #32)", () => {
  it("a claim opens one; an admin's reassign and release close and open them, each saying how", async () => {
    const product = await createProduct(db, { name: "Period Coat" });
    const garment = await createGarment(db, { fields: { product_id: product.id } });
    expect(await periods(garment.id)).toEqual([]);
    const first = await createOwner(db);
    expect((await claimAs(db, first.userId, garment.slug)).code).toBe("claimed");
    expect(await periods(garment.id)).toEqual([
      { owner_user_id: first.userId, started_how: "claim", ended_how: null, open: 1 },
    ]);
    // The command's word is read once, then cleared: the next change says its own.
    expect(await ownerVia(garment.id)).toBeNull();

    const second = await createOwner(db);
    await json(await call("admin", "POST", `/garments/${garment.id}/reassign`, { client_id: second.profileId }));
    expect(await periods(garment.id)).toEqual([
      { owner_user_id: first.userId, started_how: "claim", ended_how: "reassign", open: 0 },
      { owner_user_id: second.userId, started_how: "reassign", ended_how: null, open: 1 },
    ]);

    // The passport: two owners and when it changed hands, nothing of who.
    const row = await getPassport(db, garment.slug);
    if (!row) throw new Error("no passport");
    expect(row.owners).toBe(2);
    const view = passportView(row, ORIGIN, false, await ownershipChanges(db, row.garment_id));
    const month = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date());
    expect(view).toMatchObject({ owners: 2, changes: [month] });
    expect(JSON.stringify(view)).not.toContain(second.userId);
  });

  it("a brand's attach opens one; a registry release ends it; the same owner back is still one owner", async () => {
    const client = await json<AdminClient & { profileId: number }>(
      await call("admin", "POST", "/clients", {
        first_name: "Ondine",
        last_name: "Periods",
        email: `ondine-${crypto.randomUUID().slice(0, 8)}@example.com`,
      }),
      201,
    );
    const programmed = await json<ProgrammedTag>(
      await call("admin", "POST", "/tags", {
        name: "Attached Coat",
        garment_type: "Jacket",
        client_id: client.profileId,
        product_id: (await createProduct(db, { name: "Attached Coat" })).id,
      }),
      201,
    );
    const garmentId = programmed.tag.garment?.id ?? 0;
    const [attached] = await periods(garmentId);
    expect(attached).toMatchObject({ started_how: "attach", open: 1 });
    await json(
      await call("admin", "POST", `/tags/${programmed.tag.id}/status`, { action: "release", reason: "Sold back" }),
    );
    expect(await periods(garmentId)).toEqual([{ ...attached, ended_how: "release", open: 0 }]);
    // The same person claims it again: a second period, still one owner.
    const slug = programmed.tag.garment?.slug ?? "";
    const owner = attached?.owner_user_id ?? "";
    expect((await claimAs(db, owner, slug)).code).toBe("claimed");
    expect((await periods(garmentId)).map((p) => p.started_how)).toEqual(["attach", "claim"]);
    expect((await getPassport(db, slug))?.owners).toBe(1);
    expect(await ownershipChanges(db, garmentId)).toEqual([]);
  });
});

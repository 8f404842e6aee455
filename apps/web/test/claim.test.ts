import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createGarment, createOwner, createUser } from "@releve/db/testing/factories";
import { claimGarment } from "@releve/db/wardrobe/commands";
import { listWardrobe } from "@releve/db/wardrobe/queries";
import { describe, expect, it } from "vitest";
import type { WebEnv } from "../app/env.server";

const db = getDb(env.DB);
const stores = { DB: env.DB, TAP_KV: env.TAP_KV };
const _webEnv = env as unknown as WebEnv;

describe("claimGarment", () => {
  it("claims an unclaimed garment for a user with a profile and refreshes the tap cache", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db);
    expect(await claimGarment(db, stores, { slug: garment.slug, userId: owner.userId })).toEqual({
      status: "claimed",
      garmentId: garment.id,
    });
    const cached = await readCachedTapRoute(env.TAP_KV, garment.slug);
    expect(cached).toMatchObject({ status: "claimed", ownerUserId: owner.userId });
    const row = await db.query.garments.findFirst({ where: (g, { eq }) => eq(g.id, garment.id) });
    expect(row).toMatchObject({
      status: "claimed",
      owner_user_id: owner.userId,
      owner_profile_id: owner.profileId,
      ownership_status: "active",
    });
    expect(row?.claimed_at).toBeInstanceOf(Date);
  });

  it("gives exactly one winner when two people claim at once", async () => {
    const [a, b] = await Promise.all([createOwner(db), createOwner(db)]);
    const garment = await createGarment(db);
    const results = await Promise.all([
      claimGarment(db, stores, { slug: garment.slug, userId: a.userId }),
      claimGarment(db, stores, { slug: garment.slug, userId: b.userId }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["claimed", "claimed_by_other"]);
    const winner = results[0]?.status === "claimed" ? a : b;
    const row = await db.query.garments.findFirst({ where: (g, { eq }) => eq(g.id, garment.id) });
    expect(row?.owner_user_id).toBe(winner.userId);
  });

  it("answers already_owned to the owner claiming again, and changes nothing", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    expect(await claimGarment(db, stores, { slug: garment.slug, userId: owner.userId })).toEqual({
      status: "already_owned",
      garmentId: garment.id,
    });
  });

  it("answers not_found for an unknown or inactive slug", async () => {
    const owner = await createOwner(db);
    expect(await claimGarment(db, stores, { slug: "no-such-slug", userId: owner.userId })).toEqual({
      status: "not_found",
    });
    const inactive = await createGarment(db, { active: false });
    expect(await claimGarment(db, stores, { slug: inactive.slug, userId: owner.userId })).toEqual({
      status: "not_found",
    });
    const row = await db.query.garments.findFirst({ where: (g, { eq }) => eq(g.id, inactive.id) });
    expect(row?.status).toBe("unclaimed");
  });

  it("says what cannot be claimed before asking a user without a profile to make one", async () => {
    const userId = await createUser(db);
    const owner = await createOwner(db);
    const taken = await createGarment(db, { ownerUserId: owner.userId });
    expect(await claimGarment(db, stores, { slug: taken.slug, userId })).toEqual({ status: "claimed_by_other" });
    expect(await claimGarment(db, stores, { slug: "no-such-slug", userId })).toEqual({ status: "not_found" });
  });

  it("asks for a profile first and leaves the garment unclaimed", async () => {
    const userId = await createUser(db);
    const garment = await createGarment(db);
    expect(await claimGarment(db, stores, { slug: garment.slug, userId })).toEqual({ status: "profile_missing" });
    const row = await db.query.garments.findFirst({ where: (g, { eq }) => eq(g.id, garment.id) });
    expect(row?.status).toBe("unclaimed");
  });
});

describe("wardrobe", () => {
  it("lists only the user's own claimed garments, newest claim first", async () => {
    const [mine, theirs] = await Promise.all([createOwner(db), createOwner(db)]);
    const a = await createGarment(db);
    const b = await createGarment(db);
    const c = await createGarment(db);
    await claimGarment(db, stores, { slug: a.slug, userId: mine.userId }, Date.now() - 1000);
    await claimGarment(db, stores, { slug: b.slug, userId: mine.userId });
    await claimGarment(db, stores, { slug: c.slug, userId: theirs.userId });
    const list = await listWardrobe(db, mine.userId);
    expect(list.map((g) => g.id)).toEqual([b.id, a.id]);
    expect(list[0]?.taps).toBe(0);
  });
});

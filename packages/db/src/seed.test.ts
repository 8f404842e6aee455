import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "./index";
import { adminUsers, garments, instagramPosts, profiles, users } from "./schema";
import { seedDatabase } from "./seed";
import { claimedSampleSlugs, demoUserIds, poolGarmentSlugs, STOCK_GARMENT_COUNT } from "./seed-data";
import { createNodeD1, openMigratedDatabase } from "./testing/node-sqlite-d1";

const passwords = { owner: "owner-pw", visitor: "visitor-pw", admin: "admin-pw" };
const hashPassword = async (password: string) => `hashed:${password}`;
const now = new Date("2026-03-15T12:00:00.000Z");

const freshDb = () => getDb(createNodeD1(openMigratedDatabase()) as never);

describe("seedDatabase", () => {
  it("seeds an empty database in one batch", async () => {
    const db = freshDb();
    const hash = vi.fn(hashPassword);

    expect(await seedDatabase(db, { passwords, hashPassword: hash, now })).toEqual({ seeded: true });
    expect(hash.mock.calls.map(([pw]) => pw).sort()).toEqual(["admin-pw", "owner-pw", "visitor-pw"]);

    const seededUsers = await db.select().from(users).orderBy(users.email);
    expect(seededUsers.map((u) => [u.email, u.password_hash])).toEqual([
      ["admin@releve.local", "hashed:admin-pw"],
      ["owner@releve.local", "hashed:owner-pw"],
      ["visitor@releve.local", "hashed:visitor-pw"],
    ]);
    expect(seededUsers.every((u) => u.email_verified_at instanceof Date)).toBe(true);

    const claimed = await db.query.garments.findMany({
      where: eq(garments.status, "claimed"),
      with: { owner: true, ownerProfile: true },
      orderBy: garments.id,
    });
    expect(claimed.map((g) => g.short_slug)).toEqual([...claimedSampleSlugs]);
    expect(claimed.every((g) => g.owner?.id === demoUserIds.owner && g.ownerProfile?.id === 1)).toBe(true);

    expect(await db.$count(garments)).toBe(10 + STOCK_GARMENT_COUNT + poolGarmentSlugs.length);
    const pool = await db.query.garments.findMany({ where: eq(garments.pool, true), orderBy: garments.id });
    expect(pool.map((g) => [g.short_slug, g.status, g.name])).toEqual(
      poolGarmentSlugs.map((s) => [s, "unclaimed", null]),
    );
    expect(await db.$count(profiles)).toBe(2);
    expect(await db.$count(instagramPosts)).toBeGreaterThan(0);
    const [admin] = await db.select().from(adminUsers);
    expect(admin).toMatchObject({ user_id: demoUserIds.admin, role: "admin", is_active: true });

    const owner = await db.query.profiles.findFirst({ where: eq(profiles.id, 1) });
    expect(owner).toMatchObject({ user_id: demoUserIds.owner, share_mobile: true, share_linkedin: false });
  });

  it("does nothing when users already exist", async () => {
    const db = freshDb();
    await seedDatabase(db, { passwords, hashPassword, now });
    const hash = vi.fn(hashPassword);

    expect(await seedDatabase(db, { passwords, hashPassword: hash })).toEqual({ seeded: false });
    expect(hash).not.toHaveBeenCalled();
    expect(await db.$count(users)).toBe(3);
  });

  it("writes nothing if any statement of the batch fails", async () => {
    const sqlite = openMigratedDatabase();
    sqlite.exec("insert into garments (short_slug) values ('ps-010')");
    const db = getDb(createNodeD1(sqlite) as never);

    await expect(seedDatabase(db, { passwords, hashPassword, now })).rejects.toThrow(/UNIQUE/);
    expect(await db.$count(users)).toBe(0);
    expect(await db.$count(profiles)).toBe(0);
  });
});

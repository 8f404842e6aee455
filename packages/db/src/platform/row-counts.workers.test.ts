/**
 * Counts kept, not counted (issue #30, decision 0047): after every write of a random sequence
 * (garments made claimed or not, claimed, released, re-dated and deleted; profiles made and
 * their users deleted; tags made, moved between statuses and deleted), row_counts equals
 * COUNT(*) of the tables, all time and per UTC day, and the admin's dashboard figures, the
 * unclaimed total and the tag registry's totals read them.
 */
import { env } from "cloudflare:workers";
import { TAG_STATUSES } from "@releve/core/tags/rules";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../client";
import { adminDashboardCounts } from "../crm/queries";
import { garments, nfcTags, profiles, rowCounts, users } from "../schema";
import { listTags, listUnclaimedGarments } from "../tags/queries";
import { createGarment, createOwner, createTag } from "../testing/factories";

const db = getDb(env.DB);
const DAY_MS = 86_400_000;

let seed = 47;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;

/** What row_counts says beside what COUNT(*) says, kind by kind and day by day. */
async function kept() {
  const rows = await db.select().from(rowCounts);
  const map: Record<string, number> = {};
  for (const r of rows) if (r.n !== 0) map[`${r.kind}|${r.day}`] = r.n;
  return map;
}
async function counted() {
  const day = (column: typeof garments.created_at | typeof profiles.created_at) =>
    sql<string>`strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;
  const map: Record<string, number> = {};
  const add = (key: string, n: number) => {
    if (n) map[key] = n;
  };
  const [g] = await db.select({ n: count() }).from(garments);
  add("garments|", g?.n ?? 0);
  for (const r of await db.select({ s: garments.status, n: count() }).from(garments).groupBy(garments.status)) {
    add(`garments:${r.s}|`, r.n);
  }
  for (const r of await db
    .select({ d: day(garments.created_at), n: count() })
    .from(garments)
    .groupBy(day(garments.created_at))) {
    add(`garments|${r.d}`, r.n);
  }
  const [p] = await db.select({ n: count() }).from(profiles);
  add("profiles|", p?.n ?? 0);
  for (const r of await db
    .select({ d: day(profiles.created_at), n: count() })
    .from(profiles)
    .groupBy(day(profiles.created_at))) {
    add(`profiles|${r.d}`, r.n);
  }
  const [t] = await db.select({ n: count() }).from(nfcTags);
  add("tags|", t?.n ?? 0);
  for (const r of await db.select({ s: nfcTags.status, n: count() }).from(nfcTags).groupBy(nfcTags.status)) {
    add(`tags:${r.s}|`, r.n);
  }
  return map;
}

describe("row_counts (issue #30)", () => {
  it("equals COUNT(*) after every write of 160 random ones", async () => {
    const now = Date.now();
    const owners: string[] = [];
    const made: number[] = [];
    const tags: number[] = [];
    const ops = {
      owner: async () => owners.push((await createOwner(db)).userId),
      garment: async () => {
        const owner = owners.length && random() < 0.5 ? pick(owners) : null;
        made.push((await createGarment(db, { ownerUserId: owner })).id);
      },
      claim: async () => {
        if (!made.length || !owners.length) return;
        await db
          .update(garments)
          .set({ status: "claimed", owner_user_id: pick(owners) })
          .where(eq(garments.id, pick(made)));
      },
      release: async () => {
        if (made.length) {
          await db
            .update(garments)
            .set({ status: "unclaimed", owner_user_id: null })
            .where(eq(garments.id, pick(made)));
        }
      },
      redate: async () => {
        if (made.length) {
          const at = new Date(now - Math.floor(random() * 40) * DAY_MS);
          await db
            .update(garments)
            .set({ created_at: at })
            .where(eq(garments.id, pick(made)));
        }
      },
      deleteGarment: async () => {
        if (made.length)
          await db.delete(garments).where(eq(garments.id, made.splice(Math.floor(random() * made.length), 1)[0] ?? 0));
      },
      tag: async () => {
        const garment = made.length && random() < 0.5 ? pick(made) : null;
        tags.push(await createTag(db, { status: pick([...TAG_STATUSES]), garment_id: garment }));
      },
      tagStatus: async () => {
        if (tags.length)
          await db
            .update(nfcTags)
            .set({ status: pick([...TAG_STATUSES]) })
            .where(eq(nfcTags.id, pick(tags)));
      },
      deleteTag: async () => {
        if (tags.length)
          await db.delete(nfcTags).where(eq(nfcTags.id, tags.splice(Math.floor(random() * tags.length), 1)[0] ?? 0));
      },
      deleteUser: async () => {
        if (owners.length)
          await db.delete(users).where(eq(users.id, owners.splice(Math.floor(random() * owners.length), 1)[0] ?? ""));
      },
    };
    const names = Object.keys(ops) as (keyof typeof ops)[];
    for (let step = 0; step < 160; step++) {
      const name = step < 6 ? (step % 2 ? "garment" : "owner") : pick(names);
      await ops[name]();
      expect(await kept(), `after step ${step} (${name})`).toEqual(await counted());
    }
    expect(made.length + owners.length).toBeGreaterThan(0);
  });

  it("are what the admin's figures and the unclaimed total read", async () => {
    await createGarment(db);
    const all = await counted();
    const stats = await adminDashboardCounts(db);
    expect(stats.garments.total).toBe(all["garments|"]);
    expect(stats.profiles.total).toBe(all["profiles|"]);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.garments.last7).toBeGreaterThanOrEqual(all[`garments|${today}`] ?? 0);
    expect((await listUnclaimedGarments(db, { limit: 1, before: null })).total).toBe(all["garments:unclaimed|"]);
    await createTag(db, { status: "active" });
    const withTag = await counted();
    const page = { limit: 1, before: null };
    expect((await listTags(db, {}, page)).total).toBe(withTag["tags|"]);
    for (const status of TAG_STATUSES)
      expect((await listTags(db, { status }, page)).total, status).toBe(withTag[`tags:${status}|`] ?? 0);
  });
});

/** The owner's wardrobe as its query reads it, in D1 itself: their own claimed pieces only, newest claim first. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../client";
import { createGarment, createOwner } from "../testing/factories";
import { listWardrobe } from "./queries";

const db = getDb(env.DB);

describe("listWardrobe", () => {
  it("lists only the user's own claimed garments, newest claim first", async () => {
    const [mine, theirs] = await Promise.all([createOwner(db), createOwner(db)]);
    const claimedAt = (ms: number) => ({ fields: { claimed_at: new Date(ms) } });
    const a = await createGarment(db, { ownerUserId: mine.userId, ...claimedAt(Date.now() - 1000) });
    const b = await createGarment(db, { ownerUserId: mine.userId, ...claimedAt(Date.now()) });
    await createGarment(db, { ownerUserId: theirs.userId });
    await createGarment(db);
    const list = await listWardrobe(db, mine.userId);
    expect(list.map((g) => g.id)).toEqual([b.id, a.id]);
    expect(list[0]?.taps).toBe(0);
  });
});

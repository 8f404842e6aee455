/**
 * Ownership periods as D1 keeps them (issue #32, migration 0016), whatever makes the change: a
 * deleted account's period ends and stays, its owner unknown; a garment never has two open.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../client";
import { createGarment, createOwner } from "../testing/factories";
import { ownershipPeriodsOf } from "../testing/periods";

const db = getDb(env.DB);

const periods = (garmentId: number) => ownershipPeriodsOf(env.DB, garmentId);

describe("ownership periods (issue #32)", () => {
  it("a deleted account ends its period and keeps it, counted, its owner unknown", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    await env.DB.prepare("delete from users where id = ?").bind(owner.userId).run();
    expect(await periods(garment.id)).toEqual([
      { owner_user_id: null, started_how: "attach", ended_how: "release", open: 0 },
    ]);
  });

  it("one garment has at most one open period", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    await expect(
      env.DB.prepare(
        "insert into ownership_periods (garment_id, owner_user_id, started_at, started_how) values (?, ?, 0, 'claim')",
      )
        .bind(garment.id, owner.userId)
        .run(),
    ).rejects.toThrow(/UNIQUE/);
  });
});

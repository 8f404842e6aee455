/**
 * 'Delete my account' (issue #33): confirmed by the password; afterwards no row of any table,
 * found by walking the schema (so a table added later cannot be forgotten), holds the person's
 * id, address or card id; their pieces are free to claim, at once on the tap; the counts stay.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { emailOutbox, garments, ownershipPeriods, scanDailyStats, users } from "@releve/db/schema";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createOwner, makeAdmin } from "@releve/db/testing/factories";
import { deliverPending } from "@releve/verbs/testing/effects";
import { eq, sum } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as profilePage from "../app/features/accounts/profile-setup";
import { busyPerson, PASSWORD } from "./busy-person";
import { args, outcome, routeContext } from "./route-support";

const db = getDb(env.DB);
const ORIGIN = "https://releve.test";
const _stores = { DB: env.DB, TAP_KV: env.TAP_KV };

const deleteRequest = (password: string) =>
  new Request(`${ORIGIN}/profile-setup`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "delete-account", password }).toString(),
  });

/** Every value of every row of every table (the search indexes' virtual tables included) naming one of `needles`. */
async function rowsNaming(needles: string[]): Promise<string[]> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string }>();
  const found: string[] = [];
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of rows.results) {
      // The confirmation itself: locally the outbox stands in for a mail that has left.
      if (name === "email_outbox" && row.kind === "account_deleted") continue;
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        const text = value instanceof ArrayBuffer ? new TextDecoder().decode(value) : String(value);
        for (const needle of needles) if (text.includes(needle)) found.push(`${name}.${column}`);
      }
    }
  }
  return [...new Set(found)];
}

describe("deleting one's own account", () => {
  it("leaves no row naming the person, frees their pieces at once, and keeps the counts", async () => {
    const { person, email, clientId, pieces, photoKey, leftElsewhere } = await busyPerson(db);
    const visitsBefore = await db
      .select({ n: sum(scanDailyStats.scans) })
      .from(scanDailyStats)
      .where(eq(scanDailyStats.garment_id, pieces[0]?.id ?? 0));
    expect(await rowsNaming([person.userId, email, clientId])).not.toEqual([]);

    const ctx = routeContext(db, { userId: person.userId, email });
    const answer = await outcome(() => profilePage.action(args(deleteRequest(PASSWORD), ctx)));
    expect(answer).toMatchObject({ status: 302, location: "/" });

    expect(await rowsNaming([person.userId, email, clientId])).toEqual([]);
    // Their pieces: free, their periods closed and kept without them, the tap's record says so.
    for (const piece of pieces) {
      const row = await db.select().from(garments).where(eq(garments.id, piece.id)).get();
      expect(row).toMatchObject({ status: "unclaimed", owner_user_id: null, photo_key: null });
      const periods = await db.select().from(ownershipPeriods).where(eq(ownershipPeriods.garment_id, piece.id));
      expect(periods).toEqual([expect.objectContaining({ owner_user_id: null, ended_how: "deletion" })]);
      expect(await readCachedTapRoute(env.TAP_KV, piece.slug)).toMatchObject({ status: "unclaimed" });
    }
    // The photo's object goes with the account.deleted event's delivery (issue #48).
    await deliverPending(db);
    expect(await env.PHOTOS.get(photoKey)).toBeNull();
    // The counts stay, without them.
    const visitsAfter = await db
      .select({ n: sum(scanDailyStats.scans) })
      .from(scanDailyStats)
      .where(eq(scanDailyStats.garment_id, pieces[0]?.id ?? 0));
    expect(visitsAfter).toEqual(visitsBefore);
    expect(await env.DB.prepare("select id from contacts where id = ?").bind(leftElsewhere).first()).toBeNull();
    // One last mail confirms it.
    await vi.waitFor(async () => {
      const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.to_address, email)).get();
      expect(mail?.subject).toBe("Your Relevé account was deleted");
    });
  });

  it("a wrong or missing password deletes nothing", async () => {
    const { person, email, pieces } = await busyPerson(db);
    const ctx = routeContext(db, { userId: person.userId, email });
    for (const wrong of ["wrong-password-here", "", PASSWORD.toUpperCase()]) {
      const answer = await outcome(() => profilePage.action(args(deleteRequest(wrong), ctx)));
      expect(answer).toMatchObject({
        status: 400,
        body: { deleteError: "That password is not right. Nothing was deleted." },
      });
    }
    expect(await db.$count(users, eq(users.id, person.userId))).toBe(1);
    expect(await db.$count(garments, eq(garments.owner_user_id, person.userId))).toBe(pieces.length);
  });

  it("the last active admin cannot delete themselves; with another admin they can", async () => {
    const admins = await env.DB.prepare("select user_id from admin_users where is_active = 1").all<{
      user_id: string;
    }>();
    await env.DB.prepare("update admin_users set is_active = 0").run();
    try {
      const { person, email } = await busyPerson(db);
      await makeAdmin(db, person.userId);
      const ctx = routeContext(db, { userId: person.userId, email });
      const refused = await outcome(() => profilePage.action(args(deleteRequest(PASSWORD), ctx)));
      expect(refused).toMatchObject({ status: 409 });
      expect(await db.$count(users, eq(users.id, person.userId))).toBe(1);
      const colleague = await createOwner(db);
      await makeAdmin(db, colleague.userId);
      const deleted = await outcome(() => profilePage.action(args(deleteRequest(PASSWORD), ctx)));
      expect(deleted).toMatchObject({ status: 302, location: "/" });
      expect(await db.$count(users, eq(users.id, person.userId))).toBe(0);
    } finally {
      for (const { user_id } of admins.results) {
        await env.DB.prepare("update admin_users set is_active = 1 where user_id = ?").bind(user_id).run();
      }
    }
  });
});

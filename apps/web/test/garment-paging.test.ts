/**
 * The garment page's contacts a page at a time (issue #30): keyset pages, newest first, with
 * no row twice and none missed while contacts arrive between pages; the total is a count.
 */
import { env } from "cloudflare:workers";
import { parseContactCursor } from "@releve/core/crm/rules";
import { getDb } from "@releve/db";
import { createContact, createGarment, createOwner } from "@releve/db/testing/factories";
import { loadGarmentDetail } from "@releve/db/wardrobe/queries";
import { describe, expect, it } from "vitest";
import { loader as garmentPage } from "../app/features/wardrobe/dashboard.garment";
import { args, outcome, routeContext } from "./route-support";

const db = getDb(env.DB);
const T0 = Date.UTC(2026, 10, 1);

describe("the garment page's contacts, a page at a time", () => {
  it("walks every contact once, newest first, while new ones arrive between pages", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    const other = await createGarment(db, { ownerUserId: owner.userId });
    const ids: number[] = [];
    // 23 contacts, three of each minute (rows sharing a time are ordered by id), and some on another garment.
    for (let i = 0; i < 23; i++) {
      const at = new Date(T0 + Math.floor(i / 3) * 60_000);
      ids.push(await createContact(db, owner.userId, { garment_id: garment.id, first_name: `C${i}`, created_at: at }));
      if (i % 5 === 0) await createContact(db, owner.userId, { garment_id: other.id, created_at: at });
    }
    const seen: number[] = [];
    let before = null;
    let pages = 0;
    do {
      const detail = await loadGarmentDetail(db, garment.id, owner.userId, { before, pageSize: 5 });
      if (!detail) throw new Error("garment not found");
      expect(detail.stats.contacts).toBe(23 + pages * 2);
      seen.push(...detail.contacts.map((c) => c.id));
      before = parseContactCursor(detail.nextCursor);
      pages++;
      // Two newer contacts arrive after each page: they belong before the first page, never in a later one.
      for (let k = 0; k < 2; k++) {
        await createContact(db, owner.userId, { garment_id: garment.id, created_at: new Date(T0 + 3_600_000 + pages) });
      }
    } while (before);
    expect(pages).toBe(5);
    expect(seen).toEqual([...ids].reverse());
  });

  it("ends with a null cursor on an exact page, and a stale cursor only reads older rows", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    for (let i = 0; i < 4; i++) {
      await createContact(db, owner.userId, { garment_id: garment.id, created_at: new Date(T0 + i * 1000) });
    }
    const full = await loadGarmentDetail(db, garment.id, owner.userId, { pageSize: 4 });
    expect(full?.contacts).toHaveLength(4);
    expect(full?.nextCursor).toBeNull();
    const first = await loadGarmentDetail(db, garment.id, owner.userId, { pageSize: 2 });
    const cursor = parseContactCursor(first?.nextCursor);
    expect(cursor).not.toBeNull();
    const rest = await loadGarmentDetail(db, garment.id, owner.userId, { before: cursor, pageSize: 10 });
    expect(rest?.contacts.map((c) => c.created_at.getTime())).toEqual([T0 + 1000, T0]);
    expect(rest?.nextCursor).toBeNull();
  });

  it("a bad `before` in the URL shows the newest page, never a 500", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    for (let i = 0; i < 3; i++) await createContact(db, owner.userId, { garment_id: garment.id });
    const ctx = routeContext(db, { userId: owner.userId, email: "paging@example.com" });
    for (const before of ["abc", "-1-2", "1-0", "9".repeat(40), "1795000000000-1e3", "%00", "' OR 1=1 --"]) {
      const url = `http://localhost/dashboard/garment/${garment.id}?before=${encodeURIComponent(before)}`;
      const page = await outcome(() => garmentPage(args(new Request(url), ctx, { garmentId: String(garment.id) })));
      expect(page.status, before).toBe(200);
      expect(page.body, before).toMatchObject({ paged: false, stats: { contacts: 3 } });
      expect((page.body as { contacts: unknown[] }).contacts, before).toHaveLength(3);
    }
  });
});

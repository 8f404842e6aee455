import { env } from "cloudflare:workers";
import { decideTap } from "@releve/core/tap/rules";
import { garments, profiles } from "@releve/db/schema";
import { readCachedTapRoute, refreshOwnerTapRoutes, refreshTapRoute } from "@releve/db/tap/cache";
import { claimGarment, createGarment, createOwner, uniqueSlug } from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, landing, tap, tapControl, tokenFor } from "./helpers";

// Issue #5 item 3: after each change that alters an answer, the change's write path calls the
// coherence function, and the very next tap gets the new answer. Each test first warms KV and
// shows the stale answer survives a D1 change alone, so the refresh is what makes the difference.

// The writers' stores, as the shell passes them: D1, KV and the tap worker's TapControl.
const stores = { DB: env.DB, TAP_KV: env.TAP_KV, TAP_CONTROL: tapControl() };
// A 302's Location, the shell's page answered in place (decision 0029), or the status.
const location = async (slug: string, ownerToken?: string) => landing(await tap(`/t/${slug}`, { ownerToken }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("cache coherence: the next tap after a change gets the new answer", () => {
  it("needs the memo invalidated: a KV rewrite alone leaves this isolate's memo answering", async () => {
    const g = await createGarment(db);
    const owner = await createOwner(db);
    expect(await location(g.slug)).toBe(`/claim/${g.slug}`);
    await claimGarment(db, g.id, owner.userId);
    await refreshTapRoute({ DB: env.DB, TAP_KV: env.TAP_KV }, g.slug);
    expect(await location(g.slug)).toBe(`/claim/${g.slug}`); // memo, for up to its TTL
    await refreshTapRoute(stores, g.slug);
    expect(await location(g.slug)).toBe(`in place /share/${g.slug}`);
  });

  it("claim", async () => {
    const g = await createGarment(db);
    const owner = await createOwner(db);
    expect(await location(g.slug)).toBe(`/claim/${g.slug}`);

    await claimGarment(db, g.id, owner.userId);
    expect(await location(g.slug)).toBe(`/claim/${g.slug}`); // the memo and KV still say unclaimed

    await refreshTapRoute(stores, g.slug);
    expect(await location(g.slug)).toBe(`in place /share/${g.slug}`);
    expect(await location(g.slug, await tokenFor(owner.userId))).toBe(`/dashboard/garment/${g.id}`);
  });

  it("reassign to another owner", async () => {
    const first = await createOwner(db);
    const second = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: first.userId });
    const firstToken = await tokenFor(first.userId);
    expect(await location(g.slug, firstToken)).toBe(`/dashboard/garment/${g.id}`);

    await db.update(garments).set({ owner_user_id: second.userId }).where(eq(garments.id, g.id));
    await refreshTapRoute(stores, g.slug);
    expect(await location(g.slug, firstToken)).toBe(`in place /share/${g.slug}`);
    expect(await location(g.slug, await tokenFor(second.userId))).toBe(`/dashboard/garment/${g.id}`);
  });

  it("deactivate, then activate", async () => {
    const g = await createGarment(db);
    expect(await location(g.slug)).toBe(`/claim/${g.slug}`);

    await db.update(garments).set({ is_active: false }).where(eq(garments.id, g.id));
    expect(await location(g.slug)).toBe(`/claim/${g.slug}`);
    await refreshTapRoute(stores, g.slug);
    expect(await location(g.slug)).toBe(404);

    await db.update(garments).set({ is_active: true }).where(eq(garments.id, g.id));
    await refreshTapRoute(stores, g.slug);
    expect(await location(g.slug)).toBe(`/claim/${g.slug}`);
  });

  it("garment created after its slug was cached as unknown", async () => {
    const slug = uniqueSlug("new");
    expect(await location(slug)).toBe(404);
    const g = await createGarment(db, { slug });
    expect(await location(slug)).toBe(404); // the negative entry still stands
    const route = await refreshTapRoute(stores, slug);
    expect(route?.garmentId).toBe(g.id);
    expect(await location(slug)).toBe(`/claim/${slug}`);
  });

  it("garment deleted", async () => {
    const g = await createGarment(db);
    expect(await location(g.slug)).toBe(`/claim/${g.slug}`);
    await db.delete(garments).where(eq(garments.id, g.id));
    expect(await refreshTapRoute(stores, g.slug)).toBeNull();
    expect(await location(g.slug)).toBe(404);
  });

  it("sharing off, then on, for every garment of the owner", async () => {
    const owner = await createOwner(db, { sharing: true });
    const a = await createGarment(db, { ownerUserId: owner.userId });
    const b = await createGarment(db, { ownerUserId: owner.userId });
    for (const g of [a, b]) expect(await location(g.slug)).toBe(`in place /share/${g.slug}`);

    await db.update(profiles).set({ nfc_sharing_enabled: false }).where(eq(profiles.user_id, owner.userId));
    expect(await refreshOwnerTapRoutes(stores, owner.userId)).toBe(2);
    for (const g of [a, b]) {
      // Both sharing states answer /share/:slug in place; the page shows which. The tap's decision differs:
      const route = await readCachedTapRoute(env.TAP_KV, g.slug);
      expect(route?.sharingEnabled).toBe(false);
      expect(decideTap(route ?? null, null).outcome).toBe("share_unavailable");
      expect(await location(g.slug)).toBe(`in place /share/${g.slug}`);
    }

    await db.update(profiles).set({ nfc_sharing_enabled: true }).where(eq(profiles.user_id, owner.userId));
    await refreshOwnerTapRoutes(stores, owner.userId);
    expect(decideTap((await readCachedTapRoute(env.TAP_KV, a.slug)) ?? null, null).outcome).toBe("share");
  });

  it("active event set: the next tap's scan carries it", async () => {
    const owner = await createOwner(db, { withActiveEvent: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    await db.update(profiles).set({ active_event_id: null }).where(eq(profiles.user_id, owner.userId));
    const send = vi.spyOn(env.SCANS, "sendBatch");
    const lastScan = () => [...(send.mock.calls.at(-1)?.[0] ?? [])].at(-1)?.body;
    await tap(`/t/${g.slug}`);
    expect(lastScan()).toMatchObject({ activeEventId: null });

    await db.update(profiles).set({ active_event_id: owner.eventId }).where(eq(profiles.user_id, owner.userId));
    await refreshOwnerTapRoutes(stores, owner.userId);
    await tap(`/t/${g.slug}`);
    expect(lastScan()).toMatchObject({ activeEventId: owner.eventId });
  });
});

/**
 * accounts/set-nfc-sharing (issue #48), with the real bindings: the switch rewrites the tap's
 * record of every garment of the owner and leaves one `profile.sharing_changed` event when it
 * moves; setting it as it is, or for a person without a profile, records nothing.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { domainEvents, profiles } from "@releve/db/schema";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createGarment, createOwner, createUser } from "@releve/db/testing/factories";
import { claimGarment } from "@releve/db/wardrobe/commands";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { setNfcSharing } from "./set-nfc-sharing";

const db = getDb(env.DB);
const stores = { DB: env.DB, TAP_KV: env.TAP_KV };

const eventsBy = (userId: string) =>
  db.select().from(domainEvents).where(eq(domainEvents.actor_id, userId)).orderBy(domainEvents.id);
const sharing = async (userId: string) =>
  (await db.select().from(profiles).where(eq(profiles.user_id, userId)).get())?.nfc_sharing_enabled;

describe("accounts/set-nfc-sharing", () => {
  it("turning sharing off rewrites the cached tap answer of every garment of the owner, with one event", async () => {
    const owner = await createOwner(db, { sharing: true });
    const effects = testEffects(db, { kind: "client", id: owner.userId });
    const [g1, g2] = await Promise.all([createGarment(db), createGarment(db)]);
    await claimGarment(db, stores, { slug: g1.slug, userId: owner.userId });
    await claimGarment(db, stores, { slug: g2.slug, userId: owner.userId });
    expect(await setNfcSharing(effects, { userId: owner.userId, enabled: false })).toEqual({ code: "set" });
    for (const g of [g1, g2]) {
      expect(await readCachedTapRoute(env.TAP_KV, g.slug)).toMatchObject({ sharingEnabled: false });
    }
    expect(await sharing(owner.userId)).toBe(false);
    const events = await eventsBy(owner.userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "profile.sharing_changed",
      actor_kind: "client",
      actor_id: owner.userId,
      person_id: null,
      payload: { enabled: false },
    });

    // And back on: a second event.
    expect(await setNfcSharing(effects, { userId: owner.userId, enabled: true })).toEqual({ code: "set" });
    expect(await readCachedTapRoute(env.TAP_KV, g1.slug)).toMatchObject({ sharingEnabled: true });
    expect((await eventsBy(owner.userId)).map((e) => e.payload)).toEqual([{ enabled: false }, { enabled: true }]);
  });

  it("setting the switch as it is answers set and records nothing", async () => {
    const owner = await createOwner(db, { sharing: true });
    const effects = testEffects(db, { kind: "client", id: owner.userId });
    expect(await setNfcSharing(effects, { userId: owner.userId, enabled: true })).toEqual({ code: "set" });
    expect(await sharing(owner.userId)).toBe(true);
    expect(await eventsBy(owner.userId)).toEqual([]);
  });

  it("answers no_profile for a person without a profile, changing and recording nothing", async () => {
    const userId = await createUser(db);
    const effects = testEffects(db, { kind: "client", id: userId });
    expect(await setNfcSharing(effects, { userId, enabled: false })).toEqual({ code: "no_profile" });
    expect(await db.select().from(profiles).where(eq(profiles.user_id, userId))).toEqual([]);
    expect(await eventsBy(userId)).toEqual([]);
  });

  it("sets only the given person's switch", async () => {
    const [me, other] = await Promise.all([createOwner(db, { sharing: true }), createOwner(db, { sharing: true })]);
    await setNfcSharing(testEffects(db, { kind: "client", id: me.userId }), { userId: me.userId, enabled: false });
    expect(await sharing(other.userId)).toBe(true);
  });
});

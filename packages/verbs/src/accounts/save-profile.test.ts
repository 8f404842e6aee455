/**
 * accounts/save-profile (issue #48), with the real bindings: one profile per user, made then
 * updated in place, each save leaving one `profile.updated` event that names none of its fields;
 * a sharing switch moved by a save rewrites the tap's records.
 */
import { env } from "cloudflare:workers";
import { ProfileSchema } from "@releve/core/accounts/profile";
import { getDb } from "@releve/db";
import { domainEvents, profiles } from "@releve/db/schema";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createGarment, createUser } from "@releve/db/testing/factories";
import { claimGarment } from "@releve/db/wardrobe/commands";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { saveProfile } from "./save-profile";

const db = getDb(env.DB);
const stores = { DB: env.DB, TAP_KV: env.TAP_KV };

const eventsBy = (userId: string) =>
  db.select().from(domainEvents).where(eq(domainEvents.actor_id, userId)).orderBy(domainEvents.id);

const input = {
  first_name: "Ada",
  last_name: "Lovelace",
  share_email: true,
  share_mobile: false,
  share_instagram: false,
  share_linkedin: false,
  nfc_sharing_enabled: true,
  display_name: null,
  bio: null,
  mobile_phone: null,
  instagram: "ada",
  linkedin: null,
  onboarded: true as const,
};

describe("accounts/save-profile", () => {
  it("creates one profile per user with a client id, then updates it in place, one event a save", async () => {
    const userId = await createUser(db);
    const user = { userId, email: "me@example.com" };
    const effects = testEffects(db, { kind: "client", id: userId });
    expect(await saveProfile(effects, { user, profile: input })).toEqual({ code: "saved", created: true });
    expect(await saveProfile(effects, { user, profile: { ...input, first_name: "Augusta" } })).toEqual({
      code: "saved",
      created: false,
    });
    const rows = await db.select().from(profiles).where(eq(profiles.user_id, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ first_name: "Augusta", email: "me@example.com", profile_complete: true });
    expect(rows[0]?.onboarded_at).toBeInstanceOf(Date);
    expect(rows[0]?.client_id).toMatch(/^[0-9a-f]{32}$/);

    const events = await eventsBy(userId);
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(event).toMatchObject({
        type: "profile.updated",
        actor_kind: "client",
        actor_id: userId,
        person_id: null,
        garment_id: null,
        payload: {},
      });
    }
    for (const word of ["Ada", "Augusta", "Lovelace", "me@example.com", "ada"]) {
      expect(JSON.stringify(events.map((e) => e.payload))).not.toContain(word);
    }
  });

  it("the settings form's save keeps the profile incomplete; the email is always the account's", async () => {
    const userId = await createUser(db);
    const effects = testEffects(db, { kind: "client", id: userId });
    const settings = ProfileSchema.parse({ first_name: "Ada", last_name: "Lovelace", nfc_sharing_enabled: "on" });
    await saveProfile(effects, { user: { userId, email: "mine@example.com" }, profile: settings });
    const row = await db.select().from(profiles).where(eq(profiles.user_id, userId)).get();
    expect(row).toMatchObject({
      first_name: "Ada",
      email: "mine@example.com",
      nfc_sharing_enabled: true,
      profile_complete: false,
      onboarded_at: null,
    });
  });

  it("a save that turns sharing off rewrites the tap's record of the owner's garments", async () => {
    const userId = await createUser(db);
    const user = { userId, email: "owner@example.com" };
    const effects = testEffects(db, { kind: "client", id: userId });
    await saveProfile(effects, { user, profile: input });
    const garment = await createGarment(db);
    await claimGarment(db, stores, { slug: garment.slug, userId });
    expect(await readCachedTapRoute(env.TAP_KV, garment.slug)).toMatchObject({ sharingEnabled: true });
    await saveProfile(effects, { user, profile: { ...input, nfc_sharing_enabled: false } });
    expect(await readCachedTapRoute(env.TAP_KV, garment.slug)).toMatchObject({ sharingEnabled: false });
  });
});

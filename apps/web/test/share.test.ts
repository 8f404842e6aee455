import { env } from "cloudflare:workers";
import { ContactFormSchema } from "@releve/core/sharing/contact";
import { getDb } from "@releve/db";
import {
  createGarment,
  createOwner,
  createShareContact,
  profileClientId,
  setEmailVerified,
  setGarmentFields,
  setProfileFields,
} from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { loadContactCard, loadShare } from "../app/features/sharing/share.server";

const db = getDb(env.DB);

async function ownerWithGarment(opts: { sharing?: boolean; event?: boolean; emailVerified?: boolean } = {}) {
  const owner = await createOwner(db, {
    sharing: opts.sharing ?? true,
    withActiveEvent: opts.event,
    emailVerified: opts.emailVerified,
    profile: {
      email: "owner@example.com",
      mobile_phone: "+33600000000",
      website: "https://hidden.example",
      instagram: "shown.handle",
      linkedin: "https://www.linkedin.com/in/hidden",
      share_email: true,
      share_mobile: false,
      share_website: false,
      share_instagram: true,
      share_linkedin: false,
    },
  });
  const garment = await createGarment(db, { ownerUserId: owner.userId });
  return { owner, garment };
}

describe("loadShare", () => {
  it("shows only shared channels with a value; hidden ones never leave the server", async () => {
    const { garment } = await ownerWithGarment();
    const share = await loadShare(db, garment.slug, { cardWindow: false });
    expect(share.state).toBe("open");
    const json = JSON.stringify(share.state === "open" ? share.profile : null);
    expect(json).toContain("owner@example.com");
    expect(json).toContain("shown.handle");
    for (const hidden of ["+33600000000", "hidden.example", "linkedin.com/in/hidden"])
      expect(json).not.toContain(hidden);
  });

  it("shows a shared email only once the owner's address is verified, here and on the contact card", async () => {
    const { owner, garment } = await ownerWithGarment({ emailVerified: false });
    const clientId = await profileClientId(db, owner.profileId);
    const shown = async () => {
      const share = await loadShare(db, garment.slug, { cardWindow: false });
      const card = await loadContactCard(db, clientId);
      return [share.state === "open" ? share.profile : null, card?.profile].map((p) => p?.channels.map((c) => c.kind));
    };
    expect(await shown()).toEqual([["instagram"], ["instagram"]]);
    await setEmailVerified(db, owner.userId);
    expect(await shown()).toEqual([
      ["email", "instagram"],
      ["email", "instagram"],
    ]);
  });

  it("is unavailable for an unknown, unclaimed or inactive garment, and says so when sharing is off", async () => {
    expect(await loadShare(db, "no-such-garment", { cardWindow: false })).toEqual({ state: "unavailable" });
    const unclaimed = await createGarment(db);
    expect(await loadShare(db, unclaimed.slug, { cardWindow: false })).toEqual({ state: "unavailable" });
    const { garment: inactive } = await ownerWithGarment();
    await setGarmentFields(db, inactive.id, { is_active: false });
    expect(await loadShare(db, inactive.slug, { cardWindow: false })).toEqual({ state: "unavailable" });
    const { garment } = await ownerWithGarment({ sharing: false });
    const off = await loadShare(db, garment.slug, { cardWindow: false });
    expect(off.state).toBe("sharing_off");
    expect(JSON.stringify(off)).not.toContain("owner@example.com");
  });
});

describe("createShareContact", () => {
  it("files the contact under the right owner, garment and active event", async () => {
    const { owner, garment } = await ownerWithGarment({ event: true });
    const share = await loadShare(db, garment.slug, { cardWindow: false });
    if (share.state !== "open") throw new Error("expected an open share");
    const form = ContactFormSchema.parse({ first_name: "Vera", email: "Vera@Example.com", notes: "Loved the cut" });
    await createShareContact(db, { share, slug: garment.slug, form });
    const row = await env.DB.prepare("SELECT * FROM contacts WHERE garment_id = ?")
      .bind(garment.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      owner_user_id: owner.userId,
      wardrobe_event_id: owner.eventId,
      first_name: "Vera",
      email: "vera@example.com",
      contact_source: "nfc_share",
      tag_uuid: garment.slug,
      consent_data_collection: 1,
      consent_marketing: 0,
      consent_event_updates: 0,
    });
  });
});

// The caps on the share form's posts (takeContactPost): beside the command,
// packages/db/src/sharing/commands.workers.test.ts.

describe("loadContactCard", () => {
  it("finds a sharing profile by its client id only", async () => {
    const { owner } = await ownerWithGarment();
    const clientId = await profileClientId(db, owner.profileId);
    const card = await loadContactCard(db, clientId);
    expect(card?.target).toEqual({ ownerUserId: owner.userId, garmentId: null, activeEventId: null });
    expect(JSON.stringify(card?.profile)).not.toContain("+33600000000");
    expect(await loadContactCard(db, String(owner.profileId))).toBeNull();
    await setProfileFields(db, owner.profileId, { nfc_sharing_enabled: false });
    expect(await loadContactCard(db, clientId)).toBeNull();
  });
});

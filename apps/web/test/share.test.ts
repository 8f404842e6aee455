import { env } from "cloudflare:workers";
import { ContactFormSchema } from "@releve/core/contact";
import { getDb } from "@releve/db";
import { createGarment, createOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { checkContactRate, createShareContact, IP_LIMIT, loadContactCard, loadShare } from "../app/lib/share.server";

const db = getDb(env.DB);

async function ownerWithGarment(opts: { sharing?: boolean; event?: boolean } = {}) {
  const owner = await createOwner(db, { sharing: opts.sharing ?? true, withActiveEvent: opts.event });
  await env.DB.prepare(
    `UPDATE profiles SET email = 'owner@example.com', mobile_phone = '+33600000000', website = 'https://hidden.example',
       instagram = 'shown.handle', linkedin = 'https://www.linkedin.com/in/hidden', share_email = 1, share_mobile = 0,
       share_website = 0, share_instagram = 1, share_linkedin = 0 WHERE id = ?`,
  )
    .bind(owner.profileId)
    .run();
  const garment = await createGarment(db, { ownerUserId: owner.userId });
  return { owner, garment };
}

describe("loadShare", () => {
  it("shows only shared channels with a value; hidden ones never leave the server", async () => {
    const { garment } = await ownerWithGarment();
    const share = await loadShare(db, garment.slug);
    expect(share.state).toBe("open");
    const json = JSON.stringify(share.state === "open" ? share.profile : null);
    expect(json).toContain("owner@example.com");
    expect(json).toContain("shown.handle");
    for (const hidden of ["+33600000000", "hidden.example", "linkedin.com/in/hidden"])
      expect(json).not.toContain(hidden);
  });

  it("is unavailable for an unknown, unclaimed or inactive garment, and says so when sharing is off", async () => {
    expect(await loadShare(db, "no-such-garment")).toEqual({ state: "unavailable" });
    const unclaimed = await createGarment(db);
    expect(await loadShare(db, unclaimed.slug)).toEqual({ state: "unavailable" });
    const { garment: inactive } = await ownerWithGarment();
    await env.DB.prepare("UPDATE garments SET is_active = 0 WHERE id = ?").bind(inactive.id).run();
    expect(await loadShare(db, inactive.slug)).toEqual({ state: "unavailable" });
    const { garment } = await ownerWithGarment({ sharing: false });
    const off = await loadShare(db, garment.slug);
    expect(off.state).toBe("sharing_off");
    expect(JSON.stringify(off)).not.toContain("owner@example.com");
  });
});

describe("createShareContact", () => {
  it("files the contact under the right owner, garment and active event", async () => {
    const { owner, garment } = await ownerWithGarment({ event: true });
    const share = await loadShare(db, garment.slug);
    if (share.state !== "open") throw new Error("expected an open share");
    const form = ContactFormSchema.parse({ first_name: "Vera", email: "Vera@Example.com", notes: "Loved the cut" });
    await createShareContact(db, { share, slug: garment.slug, form, ip: "198.51.100.7" });
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
      consent_event_updates: 1,
    });
  });
});

describe("checkContactRate", () => {
  it("stops an IP after 10 posts in 10 minutes, and only that IP", async () => {
    const { garment } = await ownerWithGarment();
    const share = await loadShare(db, garment.slug);
    if (share.state !== "open") throw new Error("expected an open share");
    const ip = `203.0.113.${Math.floor(Math.random() * 200)}`;
    const form = ContactFormSchema.parse({ first_name: "Bot", email: "bot@example.com" });
    const t0 = Date.now();
    for (let i = 0; i < IP_LIMIT; i++) {
      expect(await checkContactRate(db, ip, share.ownerUserId, t0 + i)).toBe("ok");
      await createShareContact(db, { share, slug: garment.slug, form, ip }, t0 + i);
    }
    expect(await checkContactRate(db, ip, share.ownerUserId, t0 + 20)).toBe("ip");
    expect(await checkContactRate(db, "192.0.2.1", share.ownerUserId, t0 + 20)).toBe("ok");
    expect(await checkContactRate(db, ip, share.ownerUserId, t0 + 11 * 60 * 1000)).toBe("ok");
  });
});

describe("loadContactCard", () => {
  it("finds a sharing profile by its client id only", async () => {
    const { owner } = await ownerWithGarment();
    const row = await env.DB.prepare("SELECT client_id FROM profiles WHERE id = ?")
      .bind(owner.profileId)
      .first<{ client_id: string }>();
    const card = await loadContactCard(db, row?.client_id ?? "");
    expect(card?.target).toEqual({ ownerUserId: owner.userId, garmentId: null, activeEventId: null });
    expect(JSON.stringify(card?.profile)).not.toContain("+33600000000");
    expect(await loadContactCard(db, String(owner.profileId))).toBeNull();
    await env.DB.prepare("UPDATE profiles SET nfc_sharing_enabled = 0 WHERE id = ?").bind(owner.profileId).run();
    expect(await loadContactCard(db, row?.client_id ?? "")).toBeNull();
  });
});

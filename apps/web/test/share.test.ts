import { env } from "cloudflare:workers";
import { ContactFormSchema } from "@releve/core/sharing/contact";
import { IP_LIMIT, IP_WINDOW_MS, OWNER_LIMIT, SENDER_OWNER_LIMIT } from "@releve/core/sharing/contact-limits";
import { getDb } from "@releve/db";
import { takeContactPost } from "@releve/db/sharing/commands";
import {
  countContacts,
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
      consent_event_updates: 1,
    });
  });
});

// A fresh sender each time (rate events outlive a test): counted up from a random start.
let sender = Math.floor(Math.random() * 30_000);
const freshIp = () => {
  sender += 1;
  return `198.19.${(sender >> 8) & 255}.${sender & 255}`;
};

async function openShare() {
  const { garment } = await ownerWithGarment();
  const share = await loadShare(db, garment.slug, { cardWindow: false });
  if (share.state !== "open") throw new Error("expected an open share");
  return { share, slug: garment.slug };
}

describe("takeContactPost", () => {
  const form = ContactFormSchema.parse({ first_name: "Bot", email: "bot@example.com" });

  it("stops an IP after 10 posts in 10 minutes, and only that IP", async () => {
    const { share, slug } = await openShare();
    const other = await openShare();
    const ip = freshIp();
    const t0 = Date.now();
    for (let i = 0; i < IP_LIMIT; i++) {
      expect(await takeContactPost(db, ip, share.ownerUserId, t0 + i)).toBe("ok");
      await createShareContact(db, { share, slug, form }, t0 + i);
    }
    expect(await takeContactPost(db, ip, share.ownerUserId, t0 + 20)).toBe("ip");
    expect(await takeContactPost(db, ip, other.share.ownerUserId, t0 + 20)).toBe("ip");
    expect(await takeContactPost(db, freshIp(), share.ownerUserId, t0 + 20)).toBe("ok");
    expect(await takeContactPost(db, ip, other.share.ownerUserId, t0 + IP_WINDOW_MS + 20)).toBe("ok");
  });

  it("lets one sender take at most its share of an owner's day: another sender still gets through", async () => {
    const { share, slug } = await openShare();
    const attacker = freshIp();
    const t0 = Date.now();
    // Paced under the burst limit, all day long.
    let at = t0;
    for (let i = 0; i < SENDER_OWNER_LIMIT; i++) {
      at = t0 + i * IP_WINDOW_MS;
      expect(await takeContactPost(db, attacker, share.ownerUserId, at), `post ${i + 1}`).toBe("ok");
      await createShareContact(db, { share, slug, form }, at);
    }
    for (let i = 1; i <= 50; i++)
      expect(await takeContactPost(db, attacker, share.ownerUserId, at + i * IP_WINDOW_MS)).toBe("sender_owner");
    expect(await countContacts(db, share.ownerUserId)).toBe(SENDER_OWNER_LIMIT);
    expect(await takeContactPost(db, freshIp(), share.ownerUserId, at + 60 * IP_WINDOW_MS)).toBe("ok");
    // Its whole IPv6 /64 is one sender.
    const net = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let i = 0; i < SENDER_OWNER_LIMIT; i++)
      expect(await takeContactPost(db, `${net}::${i + 1}`, share.ownerUserId, t0 + i * IP_WINDOW_MS)).toBe("ok");
    expect(await takeContactPost(db, `${net}:abcd::1`, share.ownerUserId, t0 + 20 * IP_WINDOW_MS)).toBe("sender_owner");
  });

  it("still caps the owner's day across many senders, counting only the posts that passed", async () => {
    const { share } = await openShare();
    const t0 = Date.now();
    const senders = Array.from({ length: OWNER_LIMIT / SENDER_OWNER_LIMIT }, freshIp);
    let accepted = 0;
    for (const [n, sender] of senders.entries()) {
      // Each sender's refused tries (over its own caps) must not use up the owner's day.
      for (let i = 0; i < SENDER_OWNER_LIMIT + 3; i++) {
        const verdict = await takeContactPost(db, sender, share.ownerUserId, t0 + n * 100 + i);
        if (verdict === "ok") accepted += 1;
        else expect(verdict, `sender ${n + 1}, try ${i + 1}`).toBe("ip");
      }
    }
    expect(accepted).toBe(OWNER_LIMIT);
    expect(await takeContactPost(db, freshIp(), share.ownerUserId, t0 + 5_000)).toBe("owner");
    expect(await takeContactPost(db, null, share.ownerUserId, t0 + 5_000)).toBe("owner");
    const next = await openShare();
    expect(await takeContactPost(db, freshIp(), next.share.ownerUserId, t0 + 5_000)).toBe("ok");
  });
});

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

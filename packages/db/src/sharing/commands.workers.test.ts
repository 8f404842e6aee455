/**
 * The caps on a public form's posts (takeContactPost, issue #28), in D1 itself: an IP's burst, a
 * sender's share of an owner's day (its whole IPv6 /64 one sender), and the owner's day across
 * many senders, counting only the posts that passed.
 */
import { env } from "cloudflare:workers";
import { ContactFormSchema } from "@releve/core/sharing/contact";
import { IP_LIMIT, IP_WINDOW_MS, OWNER_LIMIT, SENDER_OWNER_LIMIT } from "@releve/core/sharing/contact-limits";
import { describe, expect, it } from "vitest";
import { getDb } from "../client";
import { countContacts, createGarment, createOwner, createShareContact } from "../testing/factories";
import { type ContactTarget, takeContactPost } from "./commands";

const db = getDb(env.DB);

// A fresh sender each time (rate events outlive a test): counted up from a random start.
let sender = Math.floor(Math.random() * 30_000);
const freshIp = () => {
  sender += 1;
  return `198.19.${(sender >> 8) & 255}.${sender & 255}`;
};

/** A sharing owner's claimed garment: where its card files a visitor's details, and its slug. */
async function openShare(): Promise<{ share: ContactTarget; slug: string }> {
  const owner = await createOwner(db);
  const garment = await createGarment(db, { ownerUserId: owner.userId });
  return { share: { ownerUserId: owner.userId, garmentId: garment.id, activeEventId: null }, slug: garment.slug };
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

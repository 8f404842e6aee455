/**
 * sharing/withdraw-contact (issue #33; issue #48), with the real bindings: a visitor's private
 * link deletes their contact, and only it, once, with one contact.withdrawn event naming the
 * owner and the garment; the owner's pending alert goes with it and the visitor's details-shared
 * mail, not yet sent, is never sent. A forged or used link changes and records nothing.
 */
import { env } from "cloudflare:workers";
import { ContactFormSchema } from "@releve/core/sharing/contact";
import { withdrawToken } from "@releve/core/sharing/withdraw";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { contacts, emailOutbox, ownerAlerts } from "@releve/db/schema";
import { createContact, createGarment, createOwner } from "@releve/db/testing/factories";
import { claimGarment } from "@releve/db/wardrobe/commands";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliverPending, testEffects } from "../testing/effects";
import { takeContact } from "./take-contact";
import { withdrawContact } from "./withdraw-contact";

const db = getDb(env.DB);
const visitor = () => testEffects(db, { kind: "visitor", id: null });

async function ownedPiece(profile: { first_name: string | null; display_name?: string | null }) {
  const owner = await createOwner(db, { profile });
  const garment = await createGarment(db);
  await claimGarment(db, { DB: env.DB, TAP_KV: env.TAP_KV }, { slug: garment.slug, userId: owner.userId });
  return { owner, garment };
}

describe("sharing/withdraw-contact", () => {
  it("deletes the contact with one event; its pending alert and the visitor's mail go with it", async () => {
    const { owner, garment } = await ownedPiece({ first_name: "Margaux" });
    const other = await createContact(db, owner.userId, { first_name: "Stays" });
    const email = `${crypto.randomUUID().slice(0, 8)}@example.com`;
    const taken = await takeContact(visitor(), {
      target: { ownerUserId: owner.userId, garmentId: garment.id, activeEventId: null },
      tag: garment.slug,
      source: "nfc_share",
      form: ContactFormSchema.parse({ first_name: "Élise", email }),
      ip: "203.0.113.40",
    });
    if (taken.code !== "stored") throw new Error(`not stored: ${taken.code}`);
    const { contactId } = taken;
    expect(await db.$count(ownerAlerts, eq(ownerAlerts.contact_id, contactId))).toBe(1);

    const outcome = await withdrawContact(visitor(), { token: taken.withdrawToken });
    expect(outcome).toEqual({ code: "withdrawn", ownerName: "Margaux" });
    expect(await db.$count(contacts, eq(contacts.id, contactId))).toBe(0);
    expect(await db.$count(ownerAlerts, eq(ownerAlerts.contact_id, contactId))).toBe(0);
    // Only it.
    expect(await db.$count(contacts, eq(contacts.id, other))).toBe(1);

    const events = await listEvents(db, { limit: 100, types: ["contact.withdrawn"] });
    const mine = events.filter((e) => e.personId === owner.userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      actorKind: "visitor",
      actorId: null,
      personId: owner.userId,
      garmentId: garment.id,
      payload: { contactId },
    });
    expect(JSON.stringify(mine[0])).not.toContain(email);

    // The contact.received event, delivered after the withdrawal: the visitor gets no mail.
    await deliverPending(db);
    expect(await db.$count(emailOutbox, eq(emailOutbox.to_address, email))).toBe(0);
  });

  it("works once: a used link changes and records nothing", async () => {
    const { owner } = await ownedPiece({ first_name: null, display_name: "  " });
    const contactId = await createContact(db, owner.userId, { first_name: "Paul" });
    const token = await withdrawToken(env.SESSION_SECRET, contactId);
    // A card without a name: the page names the owner itself.
    expect(await withdrawContact(visitor(), { token })).toEqual({ code: "withdrawn", ownerName: null });
    const [event] = await listEvents(db, { limit: 1, types: ["contact.withdrawn"] });
    expect(event).toMatchObject({ personId: owner.userId, garmentId: null, payload: { contactId } });

    const before = await listEvents(db, { limit: 100 });
    expect(await withdrawContact(visitor(), { token })).toEqual({ code: "already_gone" });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });

  it("refuses a forged, truncated or other-purpose token, removing and recording nothing", async () => {
    const { owner } = await ownedPiece({ first_name: "Inès" });
    const id = await createContact(db, owner.userId, { first_name: "Kept" });
    const good = await withdrawToken(env.SESSION_SECRET, id);
    const before = await listEvents(db, { limit: 100 });
    for (const bad of [good.slice(0, -1), `${id}.${"A".repeat(43)}`, good.replace(/^\d+/, String(id + 1)), "0.x"]) {
      expect(await withdrawContact(visitor(), { token: bad }), bad).toEqual({ code: "invalid" });
    }
    expect(await db.$count(contacts, eq(contacts.id, id))).toBe(1);
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});

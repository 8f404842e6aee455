/**
 * sharing/take-contact (issues #28, #33; issue #48), with the real bindings: a visitor's details
 * stored with one contact.received event; its delivery tells the owner and mails the visitor
 * their withdrawal link; a repeat and a refused post record nothing.
 */
import { env } from "cloudflare:workers";
import { ContactFormSchema } from "@releve/core/sharing/contact";
import { CONTACT_REPEAT_WINDOW_MS } from "@releve/core/sharing/contact-limits";
import { withdrawToken } from "@releve/core/sharing/withdraw";
import { getDb } from "@releve/db";
import { listAuditEntries } from "@releve/db/platform/audit";
import { listEvents } from "@releve/db/platform/events";
import { contacts, emailOutbox } from "@releve/db/schema";
import { countContacts, createGarment, createOwner } from "@releve/db/testing/factories";
import { claimGarment } from "@releve/db/wardrobe/commands";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Effects } from "../effects";
import { deliverPending, TEST_ORIGIN, testEffects } from "../testing/effects";
import { captureGuest, takeContact } from "./take-contact";

const db = getDb(env.DB);
const visitor = () => testEffects(db, { kind: "visitor", id: null });
/** A visitor whose clock reads `at` (ms). */
const visitorAt = (at: number): Effects => Object.create(visitor(), { now: { value: () => new Date(at) } });

async function ownedPiece(firstName: string) {
  const owner = await createOwner(db, { profile: { first_name: firstName } });
  const garment = await createGarment(db);
  await claimGarment(db, { DB: env.DB, TAP_KV: env.TAP_KV }, { slug: garment.slug, userId: owner.userId });
  return { owner, garment, target: { ownerUserId: owner.userId, garmentId: garment.id, activeEventId: null } };
}

const form = (fields: Record<string, string>) => ContactFormSchema.parse(fields);

describe("sharing/take-contact", () => {
  it("stores the contact with one event; delivering it tells the owner and mails the visitor", async () => {
    const { owner, garment, target } = await ownedPiece("Margaux");
    const outcome = await takeContact(visitor(), {
      target,
      tag: garment.slug,
      source: "nfc_share",
      form: form({ first_name: "Élise", email: "elise@example.com" }),
      ip: "203.0.113.7",
    });
    expect(outcome).toMatchObject({ code: "stored" });
    if (outcome.code !== "stored") return;
    expect(outcome.withdrawToken).toBe(await withdrawToken(env.SESSION_SECRET, outcome.contactId));

    const [event] = await listEvents(db, { limit: 1, types: ["contact.received"] });
    expect(event).toMatchObject({
      actorKind: "visitor",
      actorId: null,
      personId: owner.userId,
      garmentId: garment.id,
      payload: { contactId: outcome.contactId, source: "nfc_share", origin: TEST_ORIGIN, locale: "en" },
    });
    // No personal data of the visitor's in the log.
    expect(JSON.stringify(event)).not.toContain("elise");

    expect(await deliverPending(db)).toEqual([{ code: "delivered", ran: ["alerts.queue", "mail.details-shared"] }]);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to_address, "elise@example.com"));
    expect(mail?.subject).toBe("You shared your details with Margaux");
    expect(mail?.text_body).toContain(`${TEST_ORIGIN}/withdraw/${outcome.withdrawToken}`);
  });

  it("stores the consent the visitor gave, and none they did not (issue #49)", async () => {
    const { garment, target } = await ownedPiece("Anouk");
    const consentOf = async (fields: Record<string, string>, ip: string) => {
      const outcome = await takeContact(visitor(), {
        target,
        tag: garment.slug,
        source: "nfc_share",
        form: form({ first_name: "Léa", email: `lea-${ip}@example.com`, ...fields }),
        ip,
      });
      if (outcome.code !== "stored") throw new Error(outcome.code);
      const [row] = await db
        .select({
          keep: contacts.consent_data_collection,
          news: contacts.consent_marketing,
          events: contacts.consent_event_updates,
        })
        .from(contacts)
        .where(eq(contacts.id, outcome.contactId));
      return row;
    };
    // The card's form as sent with nothing ticked: its hidden "false" for each box asked.
    const none = { consent_marketing: "false", consent_event_updates: "false" };
    expect(await consentOf(none, "203.0.113.40")).toEqual({ keep: true, news: false, events: false });
    // Absent is no, too (an older form, a script): nothing is assumed.
    expect(await consentOf({}, "203.0.113.41")).toEqual({ keep: true, news: false, events: false });
    expect(await consentOf({ ...none, consent_event_updates: "true" }, "203.0.113.42")).toEqual({
      keep: true,
      news: false,
      events: true,
    });
  });

  it("records nothing more for a repeat of the same post", async () => {
    const { garment, target } = await ownedPiece("Inès");
    const post = {
      target,
      tag: garment.slug,
      source: "nfc_share" as const,
      form: form({ first_name: "Paul", phone: "+33 6 12 34 56 78" }),
      ip: "203.0.113.8",
    };
    const first = await takeContact(visitor(), post);
    const before = await listEvents(db, { limit: 100 });
    const again = await takeContact(visitor(), post);
    expect(again).toMatchObject({ code: "repeat", contactId: first.code === "stored" ? first.contactId : -1 });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });

  it("refuses a post over the sender's cap and stores nothing", async () => {
    const { garment, target } = await ownedPiece("Jeanne");
    const outcomes = [];
    for (let i = 0; i < 12; i++) {
      outcomes.push(
        await takeContact(visitor(), {
          target,
          tag: garment.slug,
          source: "nfc_share",
          form: form({ first_name: `Guest ${i}`, phone: "+33 6 12 34 56 78" }),
          ip: "198.51.100.9",
        }),
      );
    }
    const refused = outcomes.filter((o) => o.code !== "stored");
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toEqual({ code: expect.stringMatching(/^(ip|sender_owner|owner)$/) });
    const stored = await db.$count(contacts, and(eq(contacts.owner_user_id, target.ownerUserId)));
    const events = await listEvents(db, { limit: 100, types: ["contact.received"] });
    expect(events.filter((e) => e.personId === target.ownerUserId)).toHaveLength(stored);
  });

  it("files a staff member's guest capture with an event naming the staff member", async () => {
    const { owner } = await ownedPiece("Lou");
    const staff = await createOwner(db);
    const effects = testEffects(db, { kind: "admin", id: staff.userId });
    const { contactId } = await captureGuest(effects, {
      actor: { userId: staff.userId, email: "staff@example.com" },
      ownerUserId: owner.userId,
      eventId: null,
      garmentId: null,
      tag: null,
      guest: { first_name: "Ana", last_name: "B", email: null, phone: "+33 6 00 00 00 00", notes: null },
    });
    const [event] = await listEvents(db, { limit: 1, types: ["contact.received"] });
    expect(event).toMatchObject({
      actorKind: "admin",
      actorId: staff.userId,
      personId: owner.userId,
      payload: { contactId, source: "nfc_tap" },
    });
    // The audit entry written after the event still names the new contact.
    const [audit] = await listAuditEntries(db, 1);
    expect(audit).toMatchObject({ action: "contact.capture", target_type: "contact", target_id: String(contactId) });
  });

  it("the same details a day later are a new connection (issue #28)", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const input = {
      target: { ownerUserId: owner.userId, garmentId: g.id, activeEventId: null },
      tag: g.slug,
      source: "nfc_share" as const,
      form: form({ first_name: "Later", email: "later@example.com" }),
      ip: "203.0.113.90",
    };
    const now = Date.now();
    const first = await takeContact(visitorAt(now), input);
    expect(first.code).toBe("stored");
    const contactId = first.code === "stored" ? first.contactId : -1;
    // A repeat names the contact it repeats (its withdrawal link is the same).
    expect(await takeContact(visitorAt(now + 60_000), input)).toEqual({
      code: "repeat",
      contactId,
      withdrawToken: await withdrawToken(env.SESSION_SECRET, contactId),
    });
    expect((await takeContact(visitorAt(now + CONTACT_REPEAT_WINDOW_MS + 1), input)).code).toBe("stored");
    expect((await takeContact(visitorAt(now + CONTACT_REPEAT_WINDOW_MS + 2), input)).code).toBe("repeat");
    expect(await countContacts(db, owner.userId)).toBe(2);
  });
});

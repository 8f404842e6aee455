/**
 * crm/mark-contact-contacted and crm/update-contact-notes (spec part 2 §4 and §8; issue #48), with
 * the real bindings: each change leaves one event naming the contact (and its garment), never the
 * notes; another owner's contact, another garment's, or one not yet contacted changes and records
 * nothing.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { createContact, createGarment, createOwner, type TestOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import type { Effects } from "../effects";
import { testEffects } from "../testing/effects";
import { markContactContacted } from "./mark-contact-contacted";
import { updateContactNotes } from "./update-contact-notes";

const db = getDb(env.DB);

/** The owner's effects, their clock stopped at `ms` when given. */
function as(owner: TestOwner, ms?: number): Effects {
  const effects = testEffects(db, { kind: "client", id: owner.userId });
  return ms === undefined ? effects : Object.assign(Object.create(effects) as Effects, { now: () => new Date(ms) });
}

/** The events of `type` `owner` made, newest first. */
async function eventsBy(owner: TestOwner, type: "contact.marked_contacted" | "contact.notes_changed") {
  return (await listEvents(db, { limit: 100, types: [type] })).filter((e) => e.actorId === owner.userId);
}

const contactRow = (id: number) =>
  env.DB.prepare("SELECT contacted_at, contact_notes FROM contacts WHERE id = ?").bind(id).first();

/** Owner A's contact Vera through their garment, and owner B. */
async function twoOwners() {
  const a = await createOwner(db);
  const b = await createOwner(db);
  const garment = await createGarment(db, { ownerUserId: a.userId });
  const vera = await createContact(db, a.userId, { first_name: "Vera", garment_id: garment.id });
  return { a, b, garment, vera };
}

describe("crm/mark-contact-contacted", () => {
  it("marks only the owner's own contact, with one event naming it and its garment, never the notes", async () => {
    const { a, b, garment, vera } = await twoOwners();
    expect(await markContactContacted(as(b), { userId: b.userId, contactId: vera, notes: "hijack" })).toEqual({
      code: "not_found",
    });
    expect(await contactRow(vera)).toEqual({ contacted_at: null, contact_notes: null });
    expect(await eventsBy(b, "contact.marked_contacted")).toEqual([]);

    expect(await markContactContacted(as(a, 1234), { userId: a.userId, contactId: vera, notes: "Called" })).toEqual({
      code: "marked",
    });
    expect(await contactRow(vera)).toEqual({ contacted_at: 1234, contact_notes: "Called" });
    const events = await eventsBy(a, "contact.marked_contacted");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      garmentId: garment.id,
      actorKind: "client",
      personId: null,
      payload: { contactId: vera },
    });
    expect(JSON.stringify(events[0]?.payload)).not.toContain("Called");
  });

  it("from a garment's page, marks only a contact made through that garment", async () => {
    const { a, garment, vera } = await twoOwners();
    const other = garment.id + 100_000;
    expect(
      await markContactContacted(as(a), { userId: a.userId, contactId: vera, notes: "x", garmentId: other }),
    ).toEqual({ code: "not_found" });
    expect(await contactRow(vera)).toEqual({ contacted_at: null, contact_notes: null });
    expect(await eventsBy(a, "contact.marked_contacted")).toEqual([]);

    expect(
      await markContactContacted(as(a, 99), { userId: a.userId, contactId: vera, notes: null, garmentId: garment.id }),
    ).toEqual({ code: "marked" });
    expect(await contactRow(vera)).toEqual({ contacted_at: 99, contact_notes: null });
    const events = await eventsBy(a, "contact.marked_contacted");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ garmentId: garment.id, payload: { contactId: vera } });
  });

  it("a contact made without a garment is marked with an event about no garment", async () => {
    const { a } = await twoOwners();
    const guest = await createContact(db, a.userId, { first_name: "Guest" });
    expect(await markContactContacted(as(a), { userId: a.userId, contactId: guest, notes: null })).toEqual({
      code: "marked",
    });
    const events = await eventsBy(a, "contact.marked_contacted");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ garmentId: null, payload: { contactId: guest } });
  });
});

describe("crm/update-contact-notes", () => {
  it("edits a contacted contact's notes with one event; the date stays; never the notes in it", async () => {
    const { a, garment, vera } = await twoOwners();
    await markContactContacted(as(a, 500), { userId: a.userId, contactId: vera, notes: "First call" });
    expect(await updateContactNotes(as(a), { userId: a.userId, contactId: vera, notes: "Sent swatches" })).toEqual({
      code: "updated",
    });
    expect(await contactRow(vera)).toEqual({ contacted_at: 500, contact_notes: "Sent swatches" });
    const events = await eventsBy(a, "contact.notes_changed");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ garmentId: garment.id, actorId: a.userId, payload: { contactId: vera } });
    expect(JSON.stringify(events[0]?.payload)).not.toContain("swatches");
  });

  it("refuses a contact not yet contacted, another owner's and another garment's, recording nothing", async () => {
    const { a, b, garment, vera } = await twoOwners();
    expect(await updateContactNotes(as(a), { userId: a.userId, contactId: vera, notes: "too soon" })).toEqual({
      code: "not_found",
    });
    expect(await contactRow(vera)).toEqual({ contacted_at: null, contact_notes: null });

    await markContactContacted(as(a, 700), { userId: a.userId, contactId: vera, notes: "Met" });
    expect(await updateContactNotes(as(b), { userId: b.userId, contactId: vera, notes: "not mine" })).toEqual({
      code: "not_found",
    });
    expect(
      await updateContactNotes(as(a), {
        userId: a.userId,
        contactId: vera,
        notes: "elsewhere",
        garmentId: garment.id + 100_000,
      }),
    ).toEqual({ code: "not_found" });
    expect(await contactRow(vera)).toEqual({ contacted_at: 700, contact_notes: "Met" });
    expect(await eventsBy(a, "contact.notes_changed")).toEqual([]);
    expect(await eventsBy(b, "contact.notes_changed")).toEqual([]);
  });
});

/**
 * accounts/delete-account (issue #33; issue #48): happy, error and authorization paths, with the
 * real bindings. The account goes in one batch with its event; the event keeps no one; its
 * consumer deletes the photo objects; the confirmation mail goes.
 */
import { env } from "cloudflare:workers";
import { hashPassword } from "@releve/core/accounts/password";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { emailOutbox, garments, users } from "@releve/db/schema";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createGarment, createOwner, makeAdmin } from "@releve/db/testing/factories";
import { claimGarment } from "@releve/db/wardrobe/commands";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliverPending, testEffects } from "../testing/effects";
import { deleteAccount } from "./delete-account";

const db = getDb(env.DB);
const PASSWORD = "a-long-enough-password";

async function personWithAPhoto() {
  const person = await createOwner(db);
  const email = `leaving-${person.userId.slice(0, 8)}@example.com`;
  await db
    .update(users)
    .set({ email, password_hash: await hashPassword(PASSWORD) })
    .where(eq(users.id, person.userId));
  const piece = await createGarment(db);
  await claimGarment(db, { DB: env.DB, TAP_KV: env.TAP_KV }, { slug: piece.slug, userId: person.userId });
  const photoKey = `garments/${piece.id}/leaving.jpg`;
  await env.PHOTOS.put(photoKey, new Uint8Array([1, 2, 3]));
  await db.update(garments).set({ photo_key: photoKey }).where(eq(garments.id, piece.id));
  return { userId: person.userId, email, piece, photoKey };
}

describe("accounts/delete-account", () => {
  it("deletes the account with one event naming no one; its consumer deletes the photo; the mail goes", async () => {
    const { userId, email, piece, photoKey } = await personWithAPhoto();
    const effects = testEffects(db, { kind: "client", id: userId });
    expect(await deleteAccount(effects, { userId, password: PASSWORD })).toEqual({ code: "deleted" });
    await effects.settle();

    expect(await db.select().from(users).where(eq(users.id, userId)).get()).toBeUndefined();
    expect(await readCachedTapRoute(env.TAP_KV, piece.slug)).toMatchObject({ status: "unclaimed" });
    const [event] = await listEvents(db, { limit: 1, types: ["account.deleted"] });
    expect(event).toMatchObject({
      type: "account.deleted",
      actorKind: "client",
      actorId: null,
      personId: null,
      payload: { garments: 1, photoKeys: [photoKey] },
    });
    expect(JSON.stringify(event)).not.toContain(userId);
    expect(JSON.stringify(event)).not.toContain(email);

    // The object stays until the event is delivered, then goes.
    expect(await env.PHOTOS.get(photoKey)).not.toBeNull();
    expect(await deliverPending(db)).toContainEqual({ code: "delivered", ran: ["photos.drop"] });
    expect(await env.PHOTOS.get(photoKey)).toBeNull();

    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to_address, email), eq(emailOutbox.kind, "account_deleted")));
    expect(mails).toHaveLength(1);
  });

  it("refuses a wrong password and changes nothing", async () => {
    const { userId, photoKey } = await personWithAPhoto();
    const effects = testEffects(db, { kind: "client", id: userId });
    const eventsBefore = await listEvents(db, { limit: 100 });
    expect(await deleteAccount(effects, { userId, password: "not-the-password" })).toEqual({
      code: "wrong_password",
    });
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()).toEqual({ id: userId });
    expect(await listEvents(db, { limit: 100 })).toEqual(eventsBefore);
    expect(await env.PHOTOS.get(photoKey)).not.toBeNull();
  });

  it("refuses the last active admin (the portal would have no one)", async () => {
    const { userId } = await personWithAPhoto();
    await makeAdmin(db, userId);
    const effects = testEffects(db, { kind: "client", id: userId });
    expect(await deleteAccount(effects, { userId, password: PASSWORD })).toEqual({ code: "last_admin" });
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()).toEqual({ id: userId });
  });

  it("answers wrong_password for an account that does not exist", async () => {
    const effects = testEffects(db, { kind: "visitor", id: null });
    expect(await deleteAccount(effects, { userId: crypto.randomUUID(), password: PASSWORD })).toEqual({
      code: "wrong_password",
    });
  });
});

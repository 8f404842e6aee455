/**
 * A person who used everything, for the data-rights tests (issue #33): a wardrobe with a photo,
 * contacts received, an event, a transfer request with a note, details left on someone else's
 * card, scans and their daily figures, sessions and tokens, sign-in attempts and rate events,
 * the newsletter, a mail, and a brand record about them.
 */
import { env } from "cloudflare:workers";
import { hashPassword } from "@releve/core";
import type { Db } from "@releve/db";
import { auditEntry } from "@releve/db/platform/audit";
import {
  authAttempts,
  authTokens,
  earlyAccessEntries,
  emailOutbox,
  garments,
  ownershipTransfers,
  rateEvents,
  scanDailyDimensions,
  scanDailyStats,
  sessions,
  users,
} from "@releve/db/schema";
import {
  createContact,
  createGarment,
  createOwner,
  createScan,
  createTag,
  createWardrobeEvent,
  profileClientId,
} from "@releve/db/testing/factories";
import { claimAs } from "@releve/verbs/testing/pieces";
import { eq } from "drizzle-orm";

export const PASSWORD = "a-long-enough-password";

export async function busyPerson(db: Db) {
  const person = await createOwner(db, { withActiveEvent: true, profile: { first_name: "Delphine" } });
  const email = `delete-me-${person.userId.slice(0, 8)}@example.com`;
  await db
    .update(users)
    .set({ email, password_hash: await hashPassword(PASSWORD) })
    .where(eq(users.id, person.userId));
  const clientId = await profileClientId(db, person.profileId);
  const pieces = [await createGarment(db), await createGarment(db)];
  for (const piece of pieces) await claimAs(db, person.userId, piece.slug);
  const photoKey = `garments/${pieces[0]?.id}/delete-test.jpg`;
  await env.PHOTOS.put(photoKey, new Uint8Array([1, 2, 3]));
  await db
    .update(garments)
    .set({ photo_key: photoKey })
    .where(eq(garments.id, pieces[0]?.id ?? 0));
  const eventId = await createWardrobeEvent(db, person.userId);
  await createContact(db, person.userId, {
    first_name: "Received",
    email: "received@example.com",
    wardrobe_event_id: eventId,
  });
  // Someone else's piece the person asked for, with a note, and details they left on it.
  const other = await createOwner(db);
  const theirs = await createGarment(db);
  await claimAs(db, other.userId, theirs.slug);
  await db.insert(ownershipTransfers).values({
    garment_id: theirs.id,
    kind: "request",
    from_user_id: other.userId,
    to_user_id: person.userId,
    message: "Delphine would love this coat",
    expires_at: new Date(Date.now() + 86_400_000),
  });
  const leftElsewhere = await createContact(db, other.userId, { first_name: "Delphine", email });
  for (const piece of pieces) {
    await createScan(db, { garmentId: piece.id, slug: piece.slug, ownerUserId: person.userId });
  }
  await db.insert(scanDailyStats).values({
    day: "2026-11-01",
    garment_id: pieces[0]?.id ?? 0,
    owner_user_id: person.userId,
    scans: 7,
    visitor_scans: 7,
  });
  await db
    .insert(scanDailyDimensions)
    .values({ day: "2026-11-01", owner_user_id: person.userId, dimension: "city", value: "Lyon", scans: 7 });
  await db
    .insert(sessions)
    .values({ id: `s-${person.userId}`, user_id: person.userId, expires_at: new Date(Date.now() + 86_400_000) });
  await db.insert(authTokens).values({
    user_id: person.userId,
    purpose: "password_reset",
    token_hash: `h-${person.userId}`,
    expires_at: new Date(Date.now() + 3_600_000),
  });
  await db.insert(authAttempts).values({ email, ip: "192.0.2.1", success: false });
  await db.insert(rateEvents).values([
    { bucket: "contact_owner", key: person.userId },
    { bucket: "contact_sender_owner", key: `192.0.2.0>${person.userId}` },
  ]);
  await db.insert(earlyAccessEntries).values({ full_name: "Delphine", email });
  await db
    .insert(emailOutbox)
    .values({ to_address: email, subject: "Welcome", text_body: "…", kind: "client_invitation" });
  const admin = await createOwner(db);
  const staff = { userId: admin.userId, email: "staff@releve.test" };
  await db.batch([
    auditEntry(
      db,
      staff,
      "client.create",
      { type: "profile", id: person.profileId },
      null,
      {
        user_id: person.userId,
        email,
        client_id: clientId,
      },
      undefined,
    ),
    // A piece moved from the other client to this one: the record names both.
    auditEntry(
      db,
      staff,
      "garment.reassign",
      { type: "garment", id: theirs.id },
      { owner_user_id: other.userId },
      {
        owner_user_id: person.userId,
      },
      undefined,
    ),
  ]);
  // A tag programmed as staff by the person: its record names their card and their address.
  await createTag(db, {
    garment_id: pieces[1]?.id ?? null,
    metadata: { clientId, programmedBy: email, programmingDate: new Date().toISOString() },
  });
  return { person, email, clientId, pieces, photoKey, other, leftElsewhere };
}

import type { ContactFormInput } from "@releve/core/contact";
import { eq } from "drizzle-orm";
import { type ContactTarget, insertVisitorContact } from "../contacts";
import type { Db } from "../index";
import { garments, type NfcTagStatus, nfcTags, profiles, sessions, users, wardrobeEvents } from "../schema";

/** Test data for the tap path. Each call makes fresh ids and slugs, so tests sharing one database never collide. */

const shortId = () => crypto.randomUUID().slice(0, 8);
export const uniqueSlug = (prefix = "tt") => `${prefix}-${shortId()}`;

/** A user; `emailVerified` sets email_verified_at (off by default, as after sign-up). */
export async function createUser(db: Db, opts: { emailVerified?: boolean } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(users).values({
    id,
    email: `user-${id}@test.local`,
    password_hash: "not-a-real-hash",
    email_verified_at: opts.emailVerified ? new Date() : null,
  });
  return id;
}

/** A live session row for the user (a day to run, or `expiresInMs`); returns its id, as an owner token names it. */
export async function createSession(db: Db, userId: string, expiresInMs = 24 * 60 * 60 * 1000): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(sessions).values({ id, user_id: userId, expires_at: new Date(Date.now() + expiresInMs) });
  return id;
}

export type TestOwner = { userId: string; profileId: number; eventId: number | null };

/**
 * A user with a profile (NFC sharing on by default) and optionally an active wardrobe event.
 * Their email is verified unless `emailVerified: false` (a public card shows it only then).
 */
export async function createOwner(
  db: Db,
  opts: { sharing?: boolean; withActiveEvent?: boolean; withProfile?: boolean; emailVerified?: boolean } = {},
): Promise<TestOwner> {
  const userId = await createUser(db, { emailVerified: opts.emailVerified ?? true });
  let eventId: number | null = null;
  if (opts.withActiveEvent) {
    const [event] = await db
      .insert(wardrobeEvents)
      .values({ owner_user_id: userId, name: "Test Soirée" })
      .returning({ id: wardrobeEvents.id });
    eventId = event?.id ?? null;
  }
  if (opts.withProfile === false) return { userId, profileId: 0, eventId };
  const [profile] = await db
    .insert(profiles)
    .values({
      user_id: userId,
      first_name: "Test",
      nfc_sharing_enabled: opts.sharing ?? true,
      active_event_id: eventId,
    })
    .returning({ id: profiles.id });
  if (!profile) throw new Error("profile not created");
  return { userId, profileId: profile.id, eventId };
}

export type TestGarment = { id: number; slug: string };

export async function createGarment(
  db: Db,
  opts: { slug?: string; ownerUserId?: string | null; active?: boolean; pool?: boolean } = {},
): Promise<TestGarment> {
  const slug = opts.slug ?? uniqueSlug();
  const owner = opts.ownerUserId ?? null;
  const [row] = await db
    .insert(garments)
    .values({
      short_slug: slug,
      name: "Test Garment",
      tag_uuid: crypto.randomUUID(),
      status: owner ? "claimed" : "unclaimed",
      owner_user_id: owner,
      claimed_at: owner ? new Date() : null,
      is_active: opts.active ?? true,
      pool: opts.pool ?? false,
    })
    .returning({ id: garments.id });
  if (!row) throw new Error("garment not created");
  return { id: row.id, slug };
}

/** The claim flow's D1 change, as the claim issue will make it. */
export async function claimGarment(db: Db, garmentId: number, ownerUserId: string): Promise<void> {
  await db
    .update(garments)
    .set({ status: "claimed", owner_user_id: ownerUserId, claimed_at: new Date() })
    .where(eq(garments.id, garmentId));
}

/**
 * Gives the garment a current tag in `status` (a newer row than any it had), as an admin's
 * report lost/stolen leaves it in D1. The KV record is the caller's to refresh (or to miss).
 */
export async function setGarmentTagStatus(db: Db, garmentId: number, status: NfcTagStatus): Promise<void> {
  await db.insert(nfcTags).values({ chip_id: `RLV-TEST-${crypto.randomUUID()}`, garment_id: garmentId, status });
}

/** Gives the garment a current tag that is a secure NTAG 424 DNA (issue #21): its UID and key version. */
export async function setGarmentSecureTag(db: Db, garmentId: number, uid: string, keyVersion: number): Promise<void> {
  await db.insert(nfcTags).values({
    chip_id: `RLV-TEST-${crypto.randomUUID()}`,
    garment_id: garmentId,
    status: "active",
    tag_type: "NTAG424",
    uid,
    sun_key_version: keyVersion,
  });
}

/**
 * A visitor's contact filed under a garment's card, as the share form files one, without the
 * caps or the repeat check (those are the form's, tested through takeContact).
 */
export async function createShareContact(
  db: Db,
  input: { share: ContactTarget; slug: string; form: ContactFormInput },
  now = Date.now(),
): Promise<void> {
  const { ownerUserId, garmentId, activeEventId } = input.share;
  await insertVisitorContact(
    db,
    { target: { ownerUserId, garmentId, activeEventId }, tag: input.slug, source: "nfc_share", form: input.form },
    now,
  );
}

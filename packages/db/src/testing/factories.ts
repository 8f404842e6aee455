import { gtinFor } from "@releve/core/passport/gtin";
import type { ContactFormInput } from "@releve/core/sharing/contact";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../index";
import {
  adminUsers,
  contacts,
  garments,
  type NewContact,
  type NewGarment,
  type NewNfcTag,
  type NewProfile,
  type NfcTagStatus,
  nfcTags,
  products,
  profiles,
  rateEvents,
  scanDailyStats,
  scans,
  sessions,
  users,
  type ViewerKind,
  wardrobeEvents,
} from "../schema";
import { type ContactTarget, insertVisitorContact } from "../sharing/commands";

/**
 * Test data for the workers tier, built through drizzle. Each call makes fresh ids and slugs,
 * so tests sharing one database never collide.
 */

const shortId = () => crypto.randomUUID().slice(0, 8);
export const uniqueSlug = (prefix = "tt") => `${prefix}-${shortId()}`;

/** A profile's own columns, any of them (the keys and its user aside). */
export type ProfileFields = Partial<Omit<NewProfile, "id" | "user_id">>;
/** A garment's own columns, any of them (its id and slug aside). */
export type GarmentFields = Partial<Omit<NewGarment, "id" | "short_slug">>;
/** A tag's own columns, any of them (its id and chip id aside). */
export type TagFields = Partial<Omit<NewNfcTag, "id" | "chip_id">>;
/** A contact's own columns, any of them (its id and owner aside). */
export type ContactFields = Partial<Omit<NewContact, "id" | "owner_user_id">>;

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

/** Sets the user's email_verified_at: now, or `at`. */
export async function setEmailVerified(db: Db, userId: string, at = new Date()): Promise<void> {
  await db.update(users).set({ email_verified_at: at }).where(eq(users.id, userId));
}

/** Makes an existing user an admin: an active admin_users row, role 'admin'. */
export async function makeAdmin(db: Db, userId: string): Promise<void> {
  await db.insert(adminUsers).values({ user_id: userId, role: "admin" });
}

/** Turns the user's admin row on or off (an inactive row grants no admin rights). */
export async function setAdminActive(db: Db, userId: string, active: boolean): Promise<void> {
  await db.update(adminUsers).set({ is_active: active }).where(eq(adminUsers.user_id, userId));
}

/** A live session row for the user (a day to run, or `expiresInMs`); returns its id, as an owner token names it. */
export async function createSession(db: Db, userId: string, expiresInMs = 24 * 60 * 60 * 1000): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(sessions).values({ id, user_id: userId, expires_at: new Date(Date.now() + expiresInMs) });
  return id;
}

/** One of the owner's own (wardrobe) events, active unless `active: false`; returns its id. */
export async function createWardrobeEvent(
  db: Db,
  ownerUserId: string,
  opts: { name?: string; date?: string | null; active?: boolean } = {},
): Promise<number> {
  const [event] = await db
    .insert(wardrobeEvents)
    .values({ owner_user_id: ownerUserId, name: opts.name ?? "Test Soirée", date: opts.date, is_active: opts.active })
    .returning({ id: wardrobeEvents.id });
  if (!event) throw new Error("wardrobe event not created");
  return event.id;
}

export type TestOwner = { userId: string; profileId: number; eventId: number | null };

/**
 * A user with a profile (NFC sharing on by default, any other columns in `profile`) and
 * optionally an active wardrobe event. Their email is verified unless `emailVerified: false`
 * (a public card shows it only then).
 */
export async function createOwner(
  db: Db,
  opts: {
    sharing?: boolean;
    withActiveEvent?: boolean;
    withProfile?: boolean;
    emailVerified?: boolean;
    profile?: ProfileFields;
  } = {},
): Promise<TestOwner> {
  const userId = await createUser(db, { emailVerified: opts.emailVerified ?? true });
  const eventId = opts.withActiveEvent ? await createWardrobeEvent(db, userId) : null;
  if (opts.withProfile === false) return { userId, profileId: 0, eventId };
  const [profile] = await db
    .insert(profiles)
    .values({
      user_id: userId,
      first_name: "Test",
      nfc_sharing_enabled: opts.sharing ?? true,
      active_event_id: eventId,
      ...opts.profile,
    })
    .returning({ id: profiles.id });
  if (!profile) throw new Error("profile not created");
  return { userId, profileId: profile.id, eventId };
}

/** Changes the given columns of a profile, as a later edit of it would. */
export async function setProfileFields(db: Db, profileId: number, fields: ProfileFields): Promise<void> {
  await db.update(profiles).set(fields).where(eq(profiles.id, profileId));
}

export type TestGarment = { id: number; slug: string };

/** A garment, claimed by `ownerUserId` if given, with any other columns in `fields`. */
export async function createGarment(
  db: Db,
  opts: { slug?: string; ownerUserId?: string | null; active?: boolean; pool?: boolean; fields?: GarmentFields } = {},
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
      ...opts.fields,
    })
    .returning({ id: garments.id });
  if (!row) throw new Error("garment not created");
  return { id: row.id, slug };
}

/**
 * A pool garment as the batch programmer leaves it (issue #19): a type, a well-formed secure chip
 * id (type, batch, serial, random part) unique to it, no details; its id, slug and chip id.
 */
export async function createPoolGarment(db: Db, garmentType = "Dress") {
  const slug = uniqueSlug("po");
  const random = crypto.randomUUID().slice(0, 8).toUpperCase();
  const chipId = `RLV-${garmentType.toUpperCase()}-TEST-${Number.parseInt(random, 16) % 100_000}-${random}`;
  const [row] = await db
    .insert(garments)
    .values({
      short_slug: slug,
      garment_type: garmentType,
      brand: "Relevé",
      tag_uuid: crypto.randomUUID(),
      nfc_chip_id: chipId,
      pool: true,
    })
    .returning({ id: garments.id });
  if (!row) throw new Error("pool garment not created");
  return { id: row.id, slug, chipId };
}

// Test products' item references: from a random start, one more each (unique within a test file's storage).
let productReference = (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % 500_000;

/**
 * A product (issue #31) with a fresh GTIN under a prefix of GS1's demonstration range 952 and
 * the given columns; returns its id and GTIN.
 */
export async function createProduct(
  db: Db,
  fields: Partial<Omit<typeof products.$inferInsert, "id">> = {},
): Promise<{ id: number; gtin: string }> {
  productReference = (productReference + 1) % 1_000_000;
  const gtin = gtinFor("952998", productReference);
  if (!gtin) throw new Error("no test GTIN");
  const [row] = await db
    .insert(products)
    .values({ gtin, name: "Test Product", ...fields })
    .returning({ id: products.id, gtin: products.gtin });
  if (!row) throw new Error("product not created");
  return row;
}

/** Changes the given columns of a garment in D1 only (the tap's records are the caller's to refresh, or to miss). */
export async function setGarmentFields(db: Db, garmentId: number, fields: GarmentFields): Promise<void> {
  await db.update(garments).set(fields).where(eq(garments.id, garmentId));
}

/** The claim flow's D1 change, as the claim issue will make it. */
export async function claimGarment(db: Db, garmentId: number, ownerUserId: string): Promise<void> {
  await db
    .update(garments)
    .set({ status: "claimed", owner_user_id: ownerUserId, claimed_at: new Date() })
    .where(eq(garments.id, garmentId));
}

/** An NFC tag with a fresh chip id and the given columns (uninitialized, in no batch, on no garment, unless said); returns its id. */
export async function createTag(db: Db, fields: TagFields = {}): Promise<number> {
  const [row] = await db
    .insert(nfcTags)
    .values({ chip_id: `RLV-TEST-${crypto.randomUUID()}`, ...fields })
    .returning({ id: nfcTags.id });
  if (!row) throw new Error("tag not created");
  return row.id;
}

/**
 * Gives the garment a current tag in `status` (a newer row than any it had), as an admin's
 * report lost/stolen leaves it in D1. The KV record is the caller's to refresh (or to miss).
 */
export async function setGarmentTagStatus(db: Db, garmentId: number, status: NfcTagStatus): Promise<void> {
  await createTag(db, { garment_id: garmentId, status });
}

/** Gives the garment a current tag that is a secure NTAG 424 DNA (issue #21): its UID and key version. */
export async function setGarmentSecureTag(db: Db, garmentId: number, uid: string, keyVersion: number): Promise<void> {
  await createTag(db, {
    garment_id: garmentId,
    status: "active",
    tag_type: "NTAG424",
    uid,
    sun_key_version: keyVersion,
  });
}

/** A contact in the owner's list with the given columns (an 'nfc_share' one, made now, unless said); returns its id. */
export async function createContact(db: Db, ownerUserId: string, fields: ContactFields = {}): Promise<number> {
  const [row] = await db
    .insert(contacts)
    .values({ owner_user_id: ownerUserId, contact_source: "nfc_share", ...fields })
    .returning({ id: contacts.id });
  if (!row) throw new Error("contact not created");
  return row.id;
}

/** Many contacts for one owner at once (one D1 round trip per 100), in the order given. */
export async function createContacts(db: Db, ownerUserId: string, rows: readonly ContactFields[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) {
    const inserts = rows
      .slice(i, i + 100)
      .map((fields) =>
        db.insert(contacts).values({ owner_user_id: ownerUserId, contact_source: "nfc_share", ...fields }),
      );
    const [first, ...rest] = inserts;
    if (first) await db.batch([first, ...rest]);
  }
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

/** A stored scan (a tap, by a visitor at `at` unless said) of the garment, not yet rolled up; returns its id. */
export async function createScan(
  db: Db,
  opts: { garmentId: number; ownerUserId: string | null; slug: string; viewerKind?: ViewerKind; at?: number },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(scans).values({
    id,
    garment_id: opts.garmentId,
    owner_user_id: opts.ownerUserId,
    short_slug: opts.slug,
    viewer_kind: opts.viewerKind ?? "visitor",
    created_at: new Date(opts.at ?? Date.now()),
  });
  return id;
}

/** A rolled-up row of scan_daily_stats: `scans` scans of the owner's on `day` (YYYY-MM-DD). */
export async function createScanDailyStat(
  db: Db,
  opts: { day: string; ownerUserId: string; scans: number },
): Promise<void> {
  await db.insert(scanDailyStats).values({ day: opts.day, owner_user_id: opts.ownerUserId, scans: opts.scans });
}

/** Moves every rate event of `bucket` `ms` into the past, as if that much time had gone by. */
export async function ageRateEvents(db: Db, bucket: string, ms: number): Promise<void> {
  // Raw sql: each row moves by `ms` from its own time, which drizzle's set() cannot say.
  await db
    .update(rateEvents)
    .set({ created_at: sql`${rateEvents.created_at} - ${ms}` })
    .where(eq(rateEvents.bucket, bucket));
}

/** Deletes what a test made: its garments, then its users' profiles and the users. */
export async function deleteTestData(db: Db, made: { garmentIds?: number[]; userIds?: string[] }): Promise<void> {
  const { garmentIds = [], userIds = [] } = made;
  if (garmentIds.length > 0) await db.delete(garments).where(inArray(garments.id, garmentIds));
  if (userIds.length === 0) return;
  await db.delete(profiles).where(inArray(profiles.user_id, userIds));
  await db.delete(users).where(inArray(users.id, userIds));
}

/** The client id of a profile (its public contact card's key); throws when there is no such profile. */
export async function profileClientId(db: Db, profileId: number): Promise<string> {
  const row = await db.select({ id: profiles.client_id }).from(profiles).where(eq(profiles.id, profileId)).get();
  if (!row) throw new Error(`no profile ${profileId}`);
  return row.id;
}

/** The user a profile belongs to; throws when there is no such profile or it has no user. */
export async function profileUserId(db: Db, profileId: number): Promise<string> {
  const row = await db.select({ id: profiles.user_id }).from(profiles).where(eq(profiles.id, profileId)).get();
  if (!row?.id) throw new Error(`no user for profile ${profileId}`);
  return row.id;
}

/** How many contacts the owner has, of every source. */
export function countContacts(db: Db, ownerUserId: string): Promise<number> {
  return db.$count(contacts, eq(contacts.owner_user_id, ownerUserId));
}

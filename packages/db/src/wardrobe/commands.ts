/**
 * The wardrobe, the writes: claims and pool registration (both keep the tap true, decision
 * 0043), garment photos (an owner's and an admin's). Reads: ./queries.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import type { DomainEvent } from "@releve/core/platform/events";
import type { OwnershipChange } from "@releve/core/wardrobe/ownership";
import { and, eq, isNull, not } from "drizzle-orm";
import type { Db } from "../client";
import { type Actor, auditEntry } from "../platform/audit";
import { eventBeforeGarmentChange } from "../platform/events";
import { garments, profiles } from "../schema";
import { keepTapTrue, type TapStores } from "../tap/cache";
import {
  type GarmentPhotoRow,
  garmentBySlug,
  getGarmentPhoto,
  owned,
  type PhotoObject,
  photoColumns,
  previousKeys,
  previousOf,
  tagReportedMissing,
} from "./queries";

export type ClaimResult =
  | { status: "claimed" | "already_owned"; garmentId: number }
  | {
      status:
        | "claimed_by_other"
        | "not_found"
        | "profile_missing"
        | "reported_missing"
        // A pool garment (issue #19) is registered with the owner's details (registerPoolGarment), not claimed bare.
        | "details_required"
        // registerPoolGarment on a stock garment: it keeps the brand's details (claimGarment).
        | "not_pool";
    };

type ClaimState = Pick<typeof garments.$inferSelect, "id" | "is_active" | "status" | "owner_user_id" | "pool"> & {
  reported_missing: boolean;
};

/** What a claim decides on, by slug (undefined if none): the fields the claim screens show too. */
function claimState(db: Db, slug: string): Promise<ClaimState | undefined> {
  return garmentBySlug(db, slug);
}

function settled(garment: ClaimState | undefined, userId: string): ClaimResult | null {
  if (garment?.is_active !== true) return { status: "not_found" };
  if (garment.owner_user_id === userId) return { status: "already_owned", garmentId: garment.id };
  // Lost or stolen (issue #18): nobody else may take it over, whatever its status.
  if (garment.reported_missing) return { status: "reported_missing" };
  if (garment.status !== "unclaimed") return { status: "claimed_by_other" };
  return null;
}

/** The user's profile id, which a claim needs (undefined without one). */
async function profileIdOf(db: Db, userId: string): Promise<number | undefined> {
  const profile = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.user_id, userId)).get();
  return profile?.id;
}

/** The columns a claim (or a pool registration) sets: the garment is this user's from `now`. */
const claimedBy = (userId: string, profileId: number, now: number, via: OwnershipChange = "claim") =>
  ({
    status: "claimed",
    owner_user_id: userId,
    owner_profile_id: profileId,
    claimed_at: new Date(now),
    ownership_status: "active",
    // Read by the ownership_periods trigger (issue #32).
    owner_via: via,
  }) as const;

/** The garments a claim may take: this slug, unclaimed, active, its tag not reported missing, pool or not. */
const claimable = (slug: string, pool: boolean) =>
  and(
    eq(garments.short_slug, slug),
    eq(garments.status, "unclaimed"),
    eq(garments.is_active, true),
    eq(garments.pool, pool),
  );

/**
 * Claims an unclaimed, active garment for a user who has a profile (spec part 1 §4, Claim
 * flow), then rewrites the tap cache so the very next tap sends the owner to their garment.
 * A pool garment is not claimed bare: `details_required` (registerPoolGarment takes it).
 */
export async function claimGarment(
  db: Db,
  tap: TapStores,
  input: { slug: string; userId: string; event?: DomainEvent },
  now = Date.now(),
): Promise<ClaimResult> {
  // What cannot be claimed is said first: nobody is sent to set up a profile for it.
  const state = await claimState(db, input.slug);
  const before = settled(state, input.userId);
  if (before) return before;
  if (state?.pool) return { status: "details_required" };

  const profileId = await profileIdOf(db, input.userId);
  if (profileId === undefined) return { status: "profile_missing" };

  // One conditional UPDATE decides a race: of two people claiming at once exactly one matches
  // `status = 'unclaimed'`, the other sees a claimed garment afterwards (claimed_by_other).
  // A report landing between the read and this write still wins.
  const where = and(claimable(input.slug, false), not(tagReportedMissing(db)));
  const update = db
    .update(garments)
    .set(claimedBy(input.userId, profileId, now))
    .where(where)
    .returning({ id: garments.id });
  const claimed = await withEvent(db, input.event, where, update);
  if (claimed) {
    await keepTapTrue(tap, [input.slug]);
    return { status: "claimed", garmentId: claimed.id };
  }
  // Lost a race (or the garment changed in between): report what it is now.
  return settled(await claimState(db, input.slug), input.userId) ?? { status: "claimed_by_other" };
}

/** What the owner gives a pool garment when registering it (issue #19); absent keys stay as programmed. */
export type PoolGarmentDetails = {
  name: string;
  size: string | null;
  garment_type?: string;
  style?: string | null;
  sku?: string | null;
  purchase_date?: string | null;
};

/**
 * Registers a pool garment (programmed without details, issue #19) for the first owner who
 * taps it or types its code: ONE conditional UPDATE claims it and writes their details (and
 * `pool = false`), so of two owners at once exactly one wins; then the tap cache is rewritten,
 * as claimGarment does. A stock garment answers `not_pool` (it keeps the brand's details).
 */
export async function registerPoolGarment(
  db: Db,
  tap: TapStores,
  input: { slug: string; userId: string; details: PoolGarmentDetails; event?: DomainEvent },
  now = Date.now(),
): Promise<ClaimResult> {
  const state = await claimState(db, input.slug);
  const before = settled(state, input.userId);
  if (before) return before;
  if (!state?.pool) return { status: "not_pool" };

  const profileId = await profileIdOf(db, input.userId);
  if (profileId === undefined) return { status: "profile_missing" };

  const d = input.details;
  const where = and(claimable(input.slug, true), not(tagReportedMissing(db)));
  const update = db
    .update(garments)
    .set({
      ...claimedBy(input.userId, profileId, now, "registration"),
      pool: false,
      name: d.name,
      title: d.name,
      size: d.size,
      ...(d.garment_type !== undefined && { garment_type: d.garment_type }),
      ...(d.style !== undefined && { style: d.style }),
      ...(d.sku !== undefined && { sku: d.sku }),
      ...(d.purchase_date !== undefined && { purchase_date: d.purchase_date }),
    })
    .where(where)
    .returning({ id: garments.id });
  const registered = await withEvent(db, input.event, where, update);
  if (registered) {
    await keepTapTrue(tap, [input.slug]);
    return { status: "claimed", garmentId: registered.id };
  }
  return settled(await claimState(db, input.slug), input.userId) ?? { status: "claimed_by_other" };
}

/**
 * Points the owner's garment at a new photo. One transaction (a D1 batch): the row as it was,
 * then the conditional update. `null` when the garment is not this user's (nothing changed);
 * else the row after and the key it held before (its object is the caller's to delete).
 */
export async function setOwnedGarmentPhoto(
  db: Db,
  garmentId: number,
  userId: string,
  photo: PhotoObject,
  event?: DomainEvent,
) {
  const [before, ...rest] = await db.batch([
    db.select(previousKeys).from(garments).where(owned(garmentId, userId)),
    ...(event ? [eventBeforeGarmentChange(db, event, owned(garmentId, userId))] : []),
    db
      .update(garments)
      .set({ photo_key: photo.key, photo_width: photo.width, photo_height: photo.height, photo_card_key: null })
      .where(owned(garmentId, userId))
      .returning(photoColumns),
  ]);
  const row = lastRows(rest)[0];
  if (!row) return null;
  return { row, ...previousOf(before[0]) };
}

/** Removes the owner's garment photo: `null` when not theirs, else the row after and the key it held. */
export async function clearOwnedGarmentPhoto(db: Db, garmentId: number, userId: string, event?: DomainEvent) {
  const [before, ...rest] = await db.batch([
    db.select(previousKeys).from(garments).where(owned(garmentId, userId)),
    ...(event ? [eventBeforeGarmentChange(db, event, owned(garmentId, userId))] : []),
    db
      .update(garments)
      .set({ photo_key: null, photo_width: null, photo_height: null, photo_card_key: null })
      .where(owned(garmentId, userId))
      .returning(photoColumns),
  ]);
  const row = lastRows(rest)[0];
  if (!row) return null;
  return { row, ...previousOf(before[0]) };
}

/**
 * Whether visitors see the photo on the share card, with the change's event before it on the same
 * condition; the row after, or undefined when not theirs (and no event).
 */
export async function setOwnedGarmentPhotoPublic(
  db: Db,
  garmentId: number,
  userId: string,
  isPublic: boolean,
  event?: DomainEvent,
) {
  const where = owned(garmentId, userId);
  const update = db.update(garments).set({ photo_public: isPublic }).where(where).returning(photoColumns);
  if (!event) return update.get();
  const [, rows] = await db.batch([eventBeforeGarmentChange(db, event, where, "none"), update]);
  return rows[0];
}

/**
 * Hides the owner's photo from visitors under new keys (issue #28): a public photo's URL may sit
 * in a shared cache for a year, so hiding it moves the bytes to keys no one has seen and the old
 * URLs answer 404. Conditional on the garment being theirs and still holding `from` (the keys
 * the copies were made of); the row after, or null when nothing changed (the caller deletes the
 * copies then, else the old objects).
 */
export async function hideOwnedGarmentPhoto(
  db: Db,
  garmentId: number,
  userId: string,
  from: { photoKey: string; cardKey: string | null },
  to: { photoKey: string; cardKey: string | null },
  event?: DomainEvent,
) {
  const where = and(
    owned(garmentId, userId),
    eq(garments.photo_key, from.photoKey),
    from.cardKey === null ? isNull(garments.photo_card_key) : eq(garments.photo_card_key, from.cardKey),
  );
  const update = db
    .update(garments)
    .set({ photo_key: to.photoKey, photo_card_key: to.cardKey, photo_public: false })
    .where(where)
    .returning(photoColumns);
  if (!event) return (await update.get()) ?? null;
  const [, rows] = await db.batch([eventBeforeGarmentChange(db, event, where), update]);
  return rows[0] ?? null;
}

/** Runs a garment UPDATE returning its id, with the change's event before it on the same condition. */
async function withEvent(
  db: Db,
  event: DomainEvent | undefined,
  where: ReturnType<typeof and>,
  update: { get(): Promise<{ id: number } | undefined> } & Parameters<Db["batch"]>[0][number],
): Promise<{ id: number } | undefined> {
  if (!event) return update.get();
  const [, rows] = await db.batch([eventBeforeGarmentChange(db, event, where, "none"), update]);
  return (rows as { id: number }[])[0];
}

/** The rows the batch's UPDATE returned: its last statement's (an event may come before it). */
const lastRows = (results: readonly unknown[]) => (results.at(-1) ?? []) as GarmentPhotoRow[];
/** The same when an audit entry follows the UPDATE. */
const updatedRows = (results: readonly unknown[]) => (results.at(-2) ?? []) as GarmentPhotoRow[];

const auditedPhoto = (row: Omit<GarmentPhotoRow, "id" | "photo_public">) => ({
  photo_key: row.photo_key,
  photo_width: row.photo_width,
  photo_height: row.photo_height,
  photo_card_key: row.photo_card_key,
});

/**
 * An admin sets any garment's photo, audited ("garment.photo_set"): `null` when no garment has
 * the id. The key returned as previous is the one the same transaction replaced.
 */
export async function adminSetGarmentPhoto(
  db: Db,
  actor: Actor,
  garmentId: number,
  photo: PhotoObject,
  event?: DomainEvent,
) {
  const current = await getGarmentPhoto(db, garmentId);
  if (!current) return null;
  const after = { photo_key: photo.key, photo_width: photo.width, photo_height: photo.height, photo_card_key: null };
  const [before, ...rest] = await db.batch([
    db.select(previousKeys).from(garments).where(eq(garments.id, garmentId)),
    ...(event ? [eventBeforeGarmentChange(db, event, eq(garments.id, garmentId))] : []),
    db.update(garments).set(after).where(eq(garments.id, garmentId)).returning(photoColumns),
    auditEntry(
      db,
      actor,
      "garment.photo_set",
      { type: "garment", id: garmentId },
      auditedPhoto(current),
      after,
      event?.id,
    ),
  ]);
  const row = updatedRows(rest)[0];
  if (!row) return null;
  return { row, ...previousOf(before[0]) };
}

/** An admin removes any garment's photo, audited ("garment.photo_remove"): `null` when no garment has the id. */
export async function adminClearGarmentPhoto(db: Db, actor: Actor, garmentId: number, event?: DomainEvent) {
  const current = await getGarmentPhoto(db, garmentId);
  if (!current) return null;
  const after = { photo_key: null, photo_width: null, photo_height: null, photo_card_key: null };
  const [before, ...rest] = await db.batch([
    db.select(previousKeys).from(garments).where(eq(garments.id, garmentId)),
    ...(event ? [eventBeforeGarmentChange(db, event, eq(garments.id, garmentId))] : []),
    db.update(garments).set(after).where(eq(garments.id, garmentId)).returning(photoColumns),
    auditEntry(
      db,
      actor,
      "garment.photo_remove",
      { type: "garment", id: garmentId },
      auditedPhoto(current),
      after,
      event?.id,
    ),
  ]);
  const row = updatedRows(rest)[0];
  if (!row) return null;
  return { row, ...previousOf(before[0]) };
}

/**
 * Points the garment at a card-size rendition of its photo (decision 0039), on condition that
 * the photo is still `photoKey` (the one the rendition was checked against): `null` when the
 * garment is not this user's or its photo changed meanwhile (nothing changed); else the row
 * after and the card key it held before.
 */
export async function setOwnedGarmentPhotoCard(
  db: Db,
  garmentId: number,
  userId: string,
  photoKey: string,
  cardKey: string,
  event?: DomainEvent,
) {
  const where = and(owned(garmentId, userId), eq(garments.photo_key, photoKey));
  const [before, ...rest] = await db.batch([
    db.select(previousKeys).from(garments).where(where),
    ...(event ? [eventBeforeGarmentChange(db, event, where, "card")] : []),
    db.update(garments).set({ photo_card_key: cardKey }).where(where).returning(photoColumns),
  ]);
  const row = lastRows(rest)[0];
  if (!row) return null;
  return { row, previousKey: before[0]?.photo_card_key ?? null };
}

/** The admin's card rendition of any garment's photo, audited ("garment.photo_card_set"); same condition and answer. */
export async function adminSetGarmentPhotoCard(
  db: Db,
  actor: Actor,
  garmentId: number,
  photoKey: string,
  cardKey: string,
  event?: DomainEvent,
) {
  const current = await getGarmentPhoto(db, garmentId);
  if (!current || current.photo_key !== photoKey) return null;
  const where = and(eq(garments.id, garmentId), eq(garments.photo_key, photoKey));
  const [before, ...rest] = await db.batch([
    db.select(previousKeys).from(garments).where(where),
    ...(event ? [eventBeforeGarmentChange(db, event, where, "card")] : []),
    db.update(garments).set({ photo_card_key: cardKey }).where(where).returning(photoColumns),
    auditEntry(
      db,
      actor,
      "garment.photo_card_set",
      { type: "garment", id: garmentId },
      { photo_card_key: current.photo_card_key },
      { photo_card_key: cardKey },
      event?.id,
    ),
  ]);
  const row = updatedRows(rest)[0];
  if (!row) return null;
  return { row, previousKey: before[0]?.photo_card_key ?? null };
}

/**
 * Garment photos (issue #19): the D1 side of a photo kept in R2 (the object's key and the
 * image's size on the garment row, and the owner's choice to show it on the share card).
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 * An owner's change is conditional on the garment being theirs (WHERE owner_user_id = ?);
 * an admin's is on any garment and audited in the same batch.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import { type Actor, auditEntry } from "./audit";
import type { Db } from "./client";
import { garments } from "./schema";

/** A stored photo: its R2 key and the image's pixel size. */
export type PhotoObject = { key: string; width: number; height: number };

const photoColumns = {
  id: garments.id,
  photo_key: garments.photo_key,
  photo_width: garments.photo_width,
  photo_height: garments.photo_height,
  photo_card_key: garments.photo_card_key,
  photo_public: garments.photo_public,
};

export type GarmentPhotoRow = {
  id: number;
  photo_key: string | null;
  photo_width: number | null;
  photo_height: number | null;
  photo_card_key: string | null;
  photo_public: boolean;
};

/** What a change replaces: the photo's and its card rendition's keys (their objects are the caller's to delete). */
const previousKeys = { photo_key: garments.photo_key, photo_card_key: garments.photo_card_key };
const previousOf = (row: { photo_key: string | null; photo_card_key: string | null } | undefined) => ({
  previousKey: row?.photo_key ?? null,
  previousCardKey: row?.photo_card_key ?? null,
});

const owned = (garmentId: number, userId: string) =>
  and(eq(garments.id, garmentId), eq(garments.owner_user_id, userId));

/** The garment's photo columns when the garment is this user's; undefined otherwise (not found or not theirs). */
export function getOwnedGarmentPhoto(db: Db, garmentId: number, userId: string) {
  return db.select(photoColumns).from(garments).where(owned(garmentId, userId)).get();
}

/** The garment's photo columns, whoever owns it (the admin's view). */
export function getGarmentPhoto(db: Db, garmentId: number) {
  return db.select(photoColumns).from(garments).where(eq(garments.id, garmentId)).get();
}

/**
 * Points the owner's garment at a new photo. One transaction (a D1 batch): the row as it was,
 * then the conditional update. `null` when the garment is not this user's (nothing changed);
 * else the row after and the key it held before (its object is the caller's to delete).
 */
export async function setOwnedGarmentPhoto(db: Db, garmentId: number, userId: string, photo: PhotoObject) {
  const [before, after] = await db.batch([
    db.select(previousKeys).from(garments).where(owned(garmentId, userId)),
    db
      .update(garments)
      .set({ photo_key: photo.key, photo_width: photo.width, photo_height: photo.height, photo_card_key: null })
      .where(owned(garmentId, userId))
      .returning(photoColumns),
  ]);
  const row = after[0];
  if (!row) return null;
  return { row, ...previousOf(before[0]) };
}

/** Removes the owner's garment photo: `null` when not theirs, else the row after and the key it held. */
export async function clearOwnedGarmentPhoto(db: Db, garmentId: number, userId: string) {
  const [before, after] = await db.batch([
    db.select(previousKeys).from(garments).where(owned(garmentId, userId)),
    db
      .update(garments)
      .set({ photo_key: null, photo_width: null, photo_height: null, photo_card_key: null })
      .where(owned(garmentId, userId))
      .returning(photoColumns),
  ]);
  const row = after[0];
  if (!row) return null;
  return { row, ...previousOf(before[0]) };
}

/** Whether visitors see the photo on the share card; the row after, or undefined when not theirs. */
export function setOwnedGarmentPhotoPublic(db: Db, garmentId: number, userId: string, isPublic: boolean) {
  return db
    .update(garments)
    .set({ photo_public: isPublic })
    .where(owned(garmentId, userId))
    .returning(photoColumns)
    .get();
}

/**
 * The garment a stored photo (or its card rendition) belongs to, for `GET /photos/<key>`
 * (issue #28): its owner and whether visitors may see it; undefined when no garment names the
 * key (a removed or hidden photo's old key). Indexed on both keys.
 */
export function findPhotoByKey(db: Db, key: string) {
  return db
    .select({ garment_id: garments.id, owner_user_id: garments.owner_user_id, photo_public: garments.photo_public })
    .from(garments)
    .where(or(eq(garments.photo_key, key), eq(garments.photo_card_key, key)))
    .get();
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
) {
  const where = and(
    owned(garmentId, userId),
    eq(garments.photo_key, from.photoKey),
    from.cardKey === null ? isNull(garments.photo_card_key) : eq(garments.photo_card_key, from.cardKey),
  );
  const row = await db
    .update(garments)
    .set({ photo_key: to.photoKey, photo_card_key: to.cardKey, photo_public: false })
    .where(where)
    .returning(photoColumns)
    .get();
  return row ?? null;
}

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
export async function adminSetGarmentPhoto(db: Db, actor: Actor, garmentId: number, photo: PhotoObject) {
  const current = await getGarmentPhoto(db, garmentId);
  if (!current) return null;
  const after = { photo_key: photo.key, photo_width: photo.width, photo_height: photo.height, photo_card_key: null };
  const [before, rows] = await db.batch([
    db.select(previousKeys).from(garments).where(eq(garments.id, garmentId)),
    db.update(garments).set(after).where(eq(garments.id, garmentId)).returning(photoColumns),
    auditEntry(db, actor, "garment.photo_set", { type: "garment", id: garmentId }, auditedPhoto(current), after),
  ]);
  const row = rows[0];
  if (!row) return null;
  return { row, ...previousOf(before[0]) };
}

/** An admin removes any garment's photo, audited ("garment.photo_remove"): `null` when no garment has the id. */
export async function adminClearGarmentPhoto(db: Db, actor: Actor, garmentId: number) {
  const current = await getGarmentPhoto(db, garmentId);
  if (!current) return null;
  const after = { photo_key: null, photo_width: null, photo_height: null, photo_card_key: null };
  const [before, rows] = await db.batch([
    db.select(previousKeys).from(garments).where(eq(garments.id, garmentId)),
    db.update(garments).set(after).where(eq(garments.id, garmentId)).returning(photoColumns),
    auditEntry(db, actor, "garment.photo_remove", { type: "garment", id: garmentId }, auditedPhoto(current), after),
  ]);
  const row = rows[0];
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
) {
  const where = and(owned(garmentId, userId), eq(garments.photo_key, photoKey));
  const [before, after] = await db.batch([
    db.select(previousKeys).from(garments).where(where),
    db.update(garments).set({ photo_card_key: cardKey }).where(where).returning(photoColumns),
  ]);
  const row = after[0];
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
) {
  const current = await getGarmentPhoto(db, garmentId);
  if (!current || current.photo_key !== photoKey) return null;
  const where = and(eq(garments.id, garmentId), eq(garments.photo_key, photoKey));
  const [before, rows] = await db.batch([
    db.select(previousKeys).from(garments).where(where),
    db.update(garments).set({ photo_card_key: cardKey }).where(where).returning(photoColumns),
    auditEntry(
      db,
      actor,
      "garment.photo_card_set",
      { type: "garment", id: garmentId },
      { photo_card_key: current.photo_card_key },
      { photo_card_key: cardKey },
    ),
  ]);
  const row = rows[0];
  if (!row) return null;
  return { row, previousKey: before[0]?.photo_card_key ?? null };
}

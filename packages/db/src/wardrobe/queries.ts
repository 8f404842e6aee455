/**
 * The wardrobe, the reads: an owner's garments and a garment's detail and contacts, the lookups
 * of claim and registration (by slug, tag or chip), garment photos. Writes: ./commands.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */

import { type ContactCursor, GARMENT_CONTACTS_PAGE_SIZE } from "@releve/core/crm/rules";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  contactPage,
  readContactBatches,
  scanCounts,
  selectGarmentScanStats,
  selectOwnerContacts,
  selectRecentGarmentScans,
} from "../crm/queries";
import { claimedBy } from "../platform/claimed-by";
import { garments, nfcTags, products } from "../schema";

/**
 * Whether the garment's current tag (its newest nfc_tags row, the one the tap reads) is
 * reported lost or stolen (issue #18): then no page shows its owner and nobody can claim it.
 * For a query on `garments`; one indexed lookup (nfc_tags_garment_id_idx).
 */
export function tagReportedMissing(db: Db) {
  const current = db
    .select({ status: nfcTags.status })
    .from(nfcTags)
    .where(eq(nfcTags.garment_id, garments.id))
    .orderBy(desc(nfcTags.id))
    .limit(1);
  // Raw: a correlated scalar subquery compared in place; drizzle has no scalar-subquery helper.
  return sql<boolean>`coalesce((${current}) IN ('lost', 'stolen'), 0)`.mapWith(Boolean);
}

/** The label fields every owner-facing screen names a garment with (garmentLabels, garmentPhoto). */
const garmentLabelColumns = {
  id: garments.id,
  name: garments.name,
  title: garments.title,
  brand: garments.brand,
  garment_type: garments.garment_type,
  color: garments.color,
  size: garments.size,
};

/** The owner's claimed garments, newest claim first, with each one's visitor taps (scanCounts), in one query. */
export function listWardrobe(db: Db, userId: string, limit = 200) {
  const taps = scanCounts(db, { owner: userId }, { by: "garment_id" }).as("garment_taps");
  return db
    .select({
      ...garmentLabelColumns,
      short_slug: garments.short_slug,
      is_active: garments.is_active,
      /** Its product (issue #31): a garment with one has a passport. */
      product_id: garments.product_id,
      created_at: garments.created_at,
      claimed_at: garments.claimed_at,
      photo_key: garments.photo_key,
      photo_width: garments.photo_width,
      photo_height: garments.photo_height,
      photo_card_key: garments.photo_card_key,
      photo_public: garments.photo_public,
      // Raw: coalesce() has no drizzle helper; a garment without taps has no row to join.
      taps: sql<number>`coalesce(${taps.all_visitor}, 0)`.as("taps"),
    })
    .from(garments)
    .leftJoin(taps, eq(taps.key, garments.id))
    .where(claimedBy(userId))
    .orderBy(desc(garments.claimed_at), desc(garments.id))
    .limit(limit);
}

/** One garment of an owner's wardrobe, as the wardrobe, the dashboard and the garment page show it. */
export type WardrobeGarment = Awaited<ReturnType<typeof listWardrobe>>[number];

/** The owner's active garments, newest claim first (the registration page's list). */
export function listActiveOwnedGarments(db: Db, userId: string) {
  return db
    .select(garmentLabelColumns)
    .from(garments)
    .where(and(eq(garments.owner_user_id, userId), eq(garments.is_active, true)))
    .orderBy(desc(garments.claimed_at));
}

/** The slug of the garment carrying this tag UUID or chip id, or null. */
export async function slugByTagOrChip(db: Db, tagUuid: string, chipId: string): Promise<string | null> {
  const row = await db
    .select({ slug: garments.short_slug })
    .from(garments)
    .where(or(eq(garments.tag_uuid, tagUuid), eq(garments.nfc_chip_id, chipId)))
    .limit(1)
    .get();
  return row?.slug ?? null;
}

/** The slug itself when a garment has it, or null. */
export async function existingSlug(db: Db, slug: string): Promise<string | null> {
  const row = await db.select({ slug: garments.short_slug }).from(garments).where(eq(garments.short_slug, slug)).get();
  return row?.slug ?? null;
}

/** The fields a claim or registration screen shows and decides on, by slug (undefined if none). */
export function garmentBySlug(db: Db, slug: string) {
  return db
    .select({
      ...garmentLabelColumns,
      status: garments.status,
      is_active: garments.is_active,
      pool: garments.pool,
      owner_user_id: garments.owner_user_id,
      reported_missing: tagReportedMissing(db).as("reported_missing"),
      // Whether the piece has a passport (issue #31): it has a product.
      product_id: garments.product_id,
      // What a visitor sees of the piece before it is claimed (issue #49): its product and photograph.
      product_name: products.name,
      product_photo_key: products.photo_key,
      product_photo_width: products.photo_width,
      product_photo_height: products.photo_height,
    })
    .from(garments)
    .leftJoin(products, eq(products.id, garments.product_id))
    .where(eq(garments.short_slug, slug))
    .get();
}

const ownedClaimed = (garmentId: number, userId: string) =>
  and(eq(garments.id, garmentId), eq(garments.owner_user_id, userId), eq(garments.status, "claimed"));

const garmentContactsFilter = (garmentId: number, before: ContactCursor | null = null) =>
  ({ q: "", event: { kind: "all" }, contacted: "all", garmentId, before }) as const;

/**
 * Everything the garment page shows, in one D1 batch; null unless the garment is this
 * user's (anyone else gets a 404, so garment ids cannot be probed). Its contacts one page at a
 * time (issue #30): the newest `pageSize`, or those before `before`, and the cursor of the
 * page after (null on the last); the total is a count.
 */
export async function loadGarmentDetail(
  db: Db,
  garmentId: number,
  userId: string,
  page: { before?: ContactCursor | null; pageSize?: number } = {},
) {
  const pageSize = page.pageSize ?? GARMENT_CONTACTS_PAGE_SIZE;
  const [[garment], [stats], recentScans, garmentContacts] = await db.batch([
    db
      .select({
        ...garmentLabelColumns,
        sku: garments.sku,
        status: garments.status,
        short_slug: garments.short_slug,
        tag_uuid: garments.tag_uuid,
        nfc_chip_id: garments.nfc_chip_id,
        claimed_at: garments.claimed_at,
        // Its product's GTIN (issue #31): the garment's Digital Link and passport.
        gtin: products.gtin,
      })
      .from(garments)
      .leftJoin(products, eq(products.id, garments.product_id))
      .where(ownedClaimed(garmentId, userId)),
    selectGarmentScanStats(db, garmentId, userId),
    selectRecentGarmentScans(db, garmentId, userId),
    // One more than a page: whether there is a page after this one.
    selectOwnerContacts(db, userId, garmentContactsFilter(garmentId, page.before), pageSize + 1),
  ]);
  if (!garment) return null;
  return {
    garment,
    stats: { scans: stats?.scans ?? 0, lastScan: recentScans[0]?.created_at ?? null, contacts: stats?.contacts ?? 0 },
    scans: recentScans,
    ...contactPage(garmentContacts, pageSize),
  };
}

/** The garment's contacts for its CSV export, a reader of their batches (streamed); null unless the garment is this user's. */
export async function loadGarmentContacts(db: Db, garmentId: number, userId: string, batchSize?: number) {
  const garment = await db
    .select({ id: garments.id, name: garments.name, title: garments.title })
    .from(garments)
    .where(ownedClaimed(garmentId, userId))
    .get();
  if (!garment) return null;
  return { garment, read: readContactBatches(db, userId, garmentContactsFilter(garmentId), batchSize) };
}

export type { PhotoObject } from "../platform/photo-object";

export const photoColumns = {
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
export const previousKeys = { photo_key: garments.photo_key, photo_card_key: garments.photo_card_key };
export const previousOf = (row: { photo_key: string | null; photo_card_key: string | null } | undefined) => ({
  previousKey: row?.photo_key ?? null,
  previousCardKey: row?.photo_card_key ?? null,
});

export const owned = (garmentId: number, userId: string) =>
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
 * The garment a stored photo (or its card rendition) belongs to, for `GET /photos/<key>`
 * (issue #28): its owner and whether visitors may see it; undefined when no garment names the
 * key (a removed or hidden photo's old key). Indexed on both keys.
 */
export async function findPhotoByKey(db: Db, key: string) {
  const [held, product] = await db.batch([
    db
      .select({ garment_id: garments.id, owner_user_id: garments.owner_user_id, photo_public: garments.photo_public })
      .from(garments)
      .where(or(eq(garments.photo_key, key), eq(garments.photo_card_key, key)))
      .limit(1),
    db.select({ id: products.id }).from(products).where(eq(products.photo_key, key)).limit(1),
  ]);
  if (held[0]) return held[0];
  // A product's photo (issue #31) is the brand's: public, like the passport that shows it.
  return product[0] ? { garment_id: null, owner_user_id: null, photo_public: true } : undefined;
}

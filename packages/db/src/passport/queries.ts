/**
 * Products and passports, the reads (issue #31): the admin's product list and one product.
 * Writes: ./commands.ts. Every function takes `db` first; drizzle's query builder and
 * `db.batch()`; raw `sql` only where drizzle cannot say it, with a one-line reason.
 */
import { EXPORT_BATCH_ROWS, type ReadBatch, toBatch } from "@releve/core/platform/stream-export";
import { and, desc, eq, gt, inArray, like, lt, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { jsonValues } from "../platform/json-rows";
import { containsText } from "../platform/like";
import { garments, nfcTags, ownershipPeriods, products } from "../schema";

const productColumns = {
  id: products.id,
  gtin: products.gtin,
  name: products.name,
  garment_type: products.garment_type,
  description: products.description,
  photo_key: products.photo_key,
  photo_width: products.photo_width,
  photo_height: products.photo_height,
  composition: products.composition,
  country_of_making: products.country_of_making,
  care: products.care,
  services_text: products.services_text,
  services_url: products.services_url,
  recycled_percent: products.recycled_percent,
  created_at: products.created_at,
  updated_at: products.updated_at,
};

// With how many garments it has, counted through garments_product_id_idx.
const selectProducts = (db: Db) =>
  db.select({ ...productColumns, garments: db.$count(garments, eq(garments.product_id, products.id)) }).from(products);

export type ProductRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectProducts>["get"]>>>;

/**
 * A garment's product's GTIN (its Digital Link, issue #31), null without a product: read by the
 * product's primary key. Raw sql: a scalar subquery leaves each garment listing's joins (and its
 * column names inside db.batch) as they are.
 */
export const garmentGtin = sql<
  string | null
>`(SELECT ${products.gtin} FROM ${products} WHERE ${products.id} = ${garments.product_id})`;

/**
 * A page of products, newest first, after the product id `before` (keyset), whose name or GTIN
 * contains `q` (a brand makes thousands of models, not millions: compared row by row), with how
 * many garments each has; `nextCursor`: the page after, or null.
 */
export async function listProducts(db: Db, opts: { q?: string; before?: number | null; limit: number }) {
  const search = opts.q ? or(containsText(products.name, opts.q), containsText(products.gtin, opts.q)) : undefined;
  const rows = await selectProducts(db)
    .where(and(search, opts.before == null ? undefined : lt(products.id, opts.before)))
    .orderBy(desc(products.id))
    .limit(opts.limit + 1);
  const { rows: page, next } = toBatch(rows, opts.limit, (row) => row.id);
  return { rows: page, nextCursor: next === null ? null : String(next) };
}

/** One product with its garment count, or undefined. */
export function getProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  return selectProducts(db).where(eq(products.id, id)).get();
}

/** The product with this GTIN, or undefined. */
export function getProductByGtin(db: Db, gtin: string): Promise<ProductRow | undefined> {
  return selectProducts(db).where(eq(products.gtin, gtin)).get();
}

/**
 * One garment's passport (issue #31): its product and what the piece itself may say in public:
 * when its tag was programmed, whether it waits for an owner (and since when it is owned), its
 * current tag's state (secure, reported missing), and nothing of any owner. Undefined when no
 * garment has this slug or it has no product. One indexed read (garments_short_slug_unique).
 */
export function getPassport(db: Db, slug: string) {
  return selectPassports(db).where(eq(garments.short_slug, slug)).get();
}

const selectPassports = (db: Db) =>
  db
    .select({
      ...productColumns,
      garment_id: garments.id,
      slug: garments.short_slug,
      garment_active: garments.is_active,
      garment_status: garments.status,
      programmed_at: garments.programmed_at,
      garment_created_at: garments.created_at,
      claimed_at: garments.claimed_at,
      tag_status: nfcTags.status,
      sun_key_version: nfcTags.sun_key_version,
      // How many owners it has had (issue #32): the same person twice (a release, then a claim) is
      // one; an owner whose account is gone, one each. Raw sql: count(DISTINCT expr) in a correlated
      // subquery (through ownership_periods_garment_idx) has no drizzle builder.
      owners: sql<number>`(SELECT count(DISTINCT coalesce(${ownershipPeriods.owner_user_id}, 'gone-' || ${ownershipPeriods.id})) FROM ${ownershipPeriods} WHERE ${ownershipPeriods.garment_id} = ${garments.id})`,
    })
    .from(garments)
    .innerJoin(products, eq(products.id, garments.product_id))
    // The garment's current tag is its newest (as the tap reads it). Raw sql: a correlated MAX has no drizzle builder.
    .leftJoin(
      nfcTags,
      eq(nfcTags.id, sql`(SELECT MAX(id) FROM ${nfcTags} WHERE ${nfcTags.garment_id} = ${garments.id})`),
    );

/**
 * The passports of a product's garments, or of a batch's (those with a product), a batch at a
 * time in garment id order, for the JSON Lines export (issue #31). Keyset on the garment id.
 */
export function readPassportBatches(
  db: Db,
  of: { productId: number } | { batchId: number },
  size = EXPORT_BATCH_ROWS,
): ReadBatch<PassportRow, number> {
  const scope =
    "productId" in of
      ? eq(garments.product_id, of.productId)
      : // Raw sql: the garments a batch's tags are on, by the tags' batch index.
        sql`${garments.id} IN (SELECT ${nfcTags.garment_id} FROM ${nfcTags} WHERE ${nfcTags.batch_id} = ${of.batchId})`;
  return async (after) => {
    const rows = await selectPassports(db)
      .where(and(scope, after === null ? undefined : gt(garments.id, after)))
      .orderBy(garments.id)
      .limit(size + 1);
    return toBatch(rows, size, (row) => row.garment_id);
  };
}

export type PassportRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectPassports>["get"]>>>;

/** The products (id and GTIN) these GTINs name now, for an import to tell updates from new ones. */
export function productsByGtins(db: Db, gtins: string[]) {
  return db
    .select({ id: products.id, gtin: products.gtin })
    .from(products)
    .where(inArray(products.gtin, jsonValues(gtins)));
}

/** Every product, a batch at a time in id order, for the CSV export. */
export function readProductBatches(db: Db, size = EXPORT_BATCH_ROWS): ReadBatch<ProductRow, number> {
  return async (after) => {
    const rows = await selectProducts(db)
      .where(after === null ? undefined : gt(products.id, after))
      .orderBy(products.id)
      .limit(size + 1);
    return toBatch(rows, size, (row) => row.id);
  };
}

/** The highest GTIN under this company prefix (indicator digit 0), for the next one's number; undefined when none. */
export async function lastGtinUnder(db: Db, companyPrefix: string): Promise<string | undefined> {
  const row = await db
    .select({ gtin: products.gtin })
    .from(products)
    .where(like(products.gtin, `0${companyPrefix}%`))
    .orderBy(desc(products.gtin))
    .limit(1)
    .get();
  return row?.gtin;
}

/**
 * When the garment changed hands, oldest first: the start of each period whose owner is not the
 * one before (a release and a claim by the same person is no change). Its passport shows the
 * months; never who.
 */
export async function ownershipChanges(db: Db, garmentId: number): Promise<Date[]> {
  const rows = await db
    .select({ id: ownershipPeriods.id, owner: ownershipPeriods.owner_user_id, started_at: ownershipPeriods.started_at })
    .from(ownershipPeriods)
    .where(eq(ownershipPeriods.garment_id, garmentId))
    .orderBy(ownershipPeriods.started_at, ownershipPeriods.id);
  const keyOf = (r: (typeof rows)[number]) => r.owner ?? `gone-${r.id}`;
  return rows
    .filter((r, i) => i > 0 && keyOf(r) !== keyOf(rows[i - 1] as (typeof rows)[number]))
    .map((r) => r.started_at);
}

/**
 * Products and passports, the reads (issue #31): the admin's product list and one product.
 * Writes: ./commands.ts. Every function takes `db` first; drizzle's query builder and
 * `db.batch()`; raw `sql` only where drizzle cannot say it, with a one-line reason.
 */
import { toBatch } from "@releve/core/platform/stream-export";
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { containsText } from "../platform/like";
import { garments, nfcTags, products } from "../schema";

const productColumns = {
  id: products.id,
  gtin: products.gtin,
  name: products.name,
  garment_type: products.garment_type,
  description: products.description,
  photo_key: products.photo_key,
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
  return (
    db
      .select({
        ...productColumns,
        slug: garments.short_slug,
        garment_active: garments.is_active,
        garment_status: garments.status,
        programmed_at: garments.programmed_at,
        garment_created_at: garments.created_at,
        claimed_at: garments.claimed_at,
        tag_status: nfcTags.status,
        sun_key_version: nfcTags.sun_key_version,
      })
      .from(garments)
      .innerJoin(products, eq(products.id, garments.product_id))
      // The garment's current tag is its newest (as the tap reads it). Raw sql: a correlated MAX has no drizzle builder.
      .leftJoin(
        nfcTags,
        eq(nfcTags.id, sql`(SELECT MAX(id) FROM ${nfcTags} WHERE ${nfcTags.garment_id} = ${garments.id})`),
      )
      .where(eq(garments.short_slug, slug))
      .get()
  );
}

export type PassportRow = NonNullable<Awaited<ReturnType<typeof getPassport>>>;

/**
 * Products and passports, the reads (issue #31): the admin's product list and one product.
 * Writes: ./commands.ts. Every function takes `db` first; drizzle's query builder and
 * `db.batch()`; raw `sql` only where drizzle cannot say it, with a one-line reason.
 */
import { toBatch } from "@releve/core/platform/stream-export";
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { Db } from "../client";
import { containsText } from "../platform/like";
import { garments, products } from "../schema";

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

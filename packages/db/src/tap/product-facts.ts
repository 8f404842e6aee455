/**
 * What the resolver says of a product (issue #31): its id, GTIN, name and repair link, by GTIN.
 * Plain SQL on the binding, not drizzle: bundled into the tap worker (its 50 KB budget, issue #5).
 * One indexed lookup (products_gtin_unique).
 */
import type { D1Like } from "../platform/binding-types";

export type ProductFacts = { id: number; gtin: string; name: string; servicesUrl: string | null };

const PRODUCT_BY_GTIN_SQL = "SELECT id, gtin, name, services_url FROM products WHERE gtin = ?1 LIMIT 1";

type ProductRow = { id: number; gtin: string; name: string; services_url: string | null };

/** The product with this GTIN, or null. */
export async function loadProductFacts(db: D1Like, gtin: string): Promise<ProductFacts | null> {
  const row = await db.prepare(PRODUCT_BY_GTIN_SQL).bind(gtin).first<ProductRow>();
  return row ? { id: row.id, gtin: row.gtin, name: row.name, servicesUrl: row.services_url } : null;
}

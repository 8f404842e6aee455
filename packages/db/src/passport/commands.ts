/**
 * Products, the writes (issue #31): an admin creates and edits them, audited in the same batch.
 * Reads: ./queries.ts. Every function takes `db` first; drizzle's query builder and `db.batch()`.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { type Actor, auditEntry } from "../platform/audit";
import { onUniqueViolation } from "../platform/d1-errors";
import { products } from "../schema";
import type { ProductRow } from "./queries";

/** What an admin gives of a product (the photo is set apart). */
export type ProductValues = Pick<
  typeof products.$inferInsert,
  | "gtin"
  | "name"
  | "garment_type"
  | "description"
  | "composition"
  | "country_of_making"
  | "care"
  | "services_text"
  | "services_url"
  | "recycled_percent"
>;

/**
 * Adds a product, audited, in one batch (a transaction); its id, or null when its GTIN is another
 * product's already: then neither the product nor its audit row is written.
 */
export async function createProduct(db: Db, actor: Actor, values: ProductValues): Promise<number | null> {
  const now = new Date();
  return onUniqueViolation(
    async () => {
      const [inserted] = await db.batch([
        db
          .insert(products)
          .values({ ...values, created_at: now, updated_at: now })
          .returning({ id: products.id }),
        auditEntry(db, actor, "product.create", { type: "product", id: "inserted" }, null, values),
      ]);
      return inserted[0]?.id ?? null;
    },
    () => null,
  );
}

/**
 * Replaces a product's fields, audited with the product before. "gtin_taken": another product
 * has the GTIN; "gtin_in_use": the GTIN would change while garments carry it on their tags.
 * Nothing changes in either case.
 */
export async function updateProduct(
  db: Db,
  actor: Actor,
  before: ProductRow,
  values: ProductValues,
): Promise<"updated" | "gtin_taken" | "gtin_in_use"> {
  if (values.gtin !== before.gtin && before.garments > 0) return "gtin_in_use";
  // The unique index on gtin is the one judge of a clash (two admins saving at once included).
  return onUniqueViolation(
    async () => {
      await db.batch([
        db
          .update(products)
          .set({ ...values, updated_at: new Date() })
          .where(eq(products.id, before.id)),
        auditEntry(db, actor, "product.update", { type: "product", id: before.id }, before, values),
      ]);
      return "updated" as const;
    },
    () => "gtin_taken" as const,
  );
}

/**
 * Products, the writes (issue #31): an admin creates and edits them, audited in the same batch.
 * Reads: ./queries.ts. Every function takes `db` first; drizzle's query builder and `db.batch()`.
 */
import type { DomainEvent } from "@releve/core/platform/events";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { type Actor, auditEntry } from "../platform/audit";
import { onUniqueViolation } from "../platform/d1-errors";
import { eventAfterInsert, eventBeforeProductChange, eventEntry } from "../platform/events";
import { insertJsonRows, jsonRowField } from "../platform/json-rows";
import type { PhotoObject } from "../platform/photo-object";
import { products } from "../schema";
import type { ProductRow } from "./queries";

/** What an admin gives of a product (the photo is set apart). */
const PRODUCT_FIELDS = {
  gtin: true,
  name: true,
  garment_type: true,
  description: true,
  composition: true,
  country_of_making: true,
  care: true,
  services_text: true,
  services_url: true,
  recycled_percent: true,
} as const satisfies Record<keyof ProductValues, true>;

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
export async function createProduct(
  db: Db,
  actor: Actor,
  values: ProductValues,
  event?: DomainEvent,
): Promise<number | null> {
  const now = new Date();
  return onUniqueViolation(
    async () => {
      const [inserted] = await db.batch([
        db
          .insert(products)
          .values({ ...values, created_at: now, updated_at: now })
          .returning({ id: products.id }),
        // The event before the audit entry: both name the new product (last_insert_rowid()).
        ...(event ? [eventAfterInsert(db, event, "productId", { newProduct: true })] : []),
        auditEntry(db, actor, "product.create", { type: "product", id: "inserted" }, null, values, event?.id),
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
  event?: DomainEvent,
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
        auditEntry(db, actor, "product.update", { type: "product", id: before.id }, before, values, event?.id),
        ...(event ? [eventEntry(db, event)] : []),
      ]);
      return "updated" as const;
    },
    () => "gtin_taken" as const,
  );
}

/**
 * Sets (or, with null, removes) a product's photo, audited: the key it held before (for the
 * caller to delete once the change stands), or null when no product has the id.
 */
export async function setProductPhoto(
  db: Db,
  actor: Actor,
  id: number,
  photo: PhotoObject | null,
  event?: DomainEvent,
) {
  const after = {
    photo_key: photo?.key ?? null,
    photo_width: photo?.width ?? null,
    photo_height: photo?.height ?? null,
  };
  // A missing product changes nothing, its audit row included.
  if (!(await db.select({ id: products.id }).from(products).where(eq(products.id, id)).get())) return null;
  const [before, ...rest] = await db.batch([
    db.select({ photo_key: products.photo_key }).from(products).where(eq(products.id, id)),
    ...(event ? [eventBeforeProductChange(db, event, eq(products.id, id))] : []),
    db
      .update(products)
      .set({ ...after, updated_at: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id }),
    auditEntry(
      db,
      actor,
      photo ? "product.photo_set" : "product.photo_remove",
      { type: "product", id },
      null,
      after,
      event?.id,
    ),
  ]);
  const changed = rest.at(-2) as { id: number }[];
  if (!changed[0]) return null;
  return { previousKey: before[0]?.photo_key ?? null };
}

/**
 * A CSV import (issue #31): new products added and existing ones (by id) replaced, with one
 * audit row, in ONE batch of three statements (every row in one JSON parameter): all or nothing.
 * A GTIN taken meanwhile by another product fails the unique index and the whole batch (its
 * event included).
 */
export async function importProducts(
  db: Db,
  actor: Actor,
  rows: { create: ProductValues[]; update: { id: number; values: ProductValues }[] },
  event?: DomainEvent,
) {
  const now = Date.now();
  const stamp = (v: ProductValues) => ({ ...v, composition: v.composition ?? [], care: v.care ?? {} });
  const fields = Object.keys(PRODUCT_FIELDS) as (keyof ProductValues)[];
  const updates = rows.update.map(({ id, values }) => ({ id, ...stamp(values) }));
  // Raw sql: UPDATE … FROM json_each (one parameter for every row); drizzle has no json_each.
  const set = Object.fromEntries(fields.map((f) => [f, sql`${jsonRowField(f)}`]));
  await db.batch([
    auditEntry(
      db,
      actor,
      "product.import",
      { type: "product", id: 0 },
      null,
      {
        created: rows.create.map((v) => v.gtin),
        updated: rows.update.map((r) => r.values.gtin),
      },
      event?.id,
    ),
    // With no rows, each statement writes nothing.
    insertJsonRows(
      db,
      products,
      rows.create.map((v) => ({ ...stamp(v), created_at: now, updated_at: now })),
    ),
    db
      .update(products)
      .set({ ...set, updated_at: new Date(now) })
      .from(sql`json_each(${JSON.stringify(updates)})`)
      .where(eq(products.id, sql`${jsonRowField("id")}`)),
    ...(event ? [eventEntry(db, event)] : []),
  ]);
  return { created: rows.create.length, updated: rows.update.length };
}
